import { Alert, Card, Col, Row, Skeleton, Statistic, Table } from 'antd'
import { get } from '../api'
import { EmptyState, LoadError } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { formatYuan } from '../money'
import { beijingTime } from '../time'
import { StaffApi } from '@contract'
import type { Dashboard, DashboardFigure as Totals } from '@contract/schema/staff-money'

export function DashboardPage() {
  const { t } = useLang()
  const { data, error, loading, reload } = useLoad(() => get<Dashboard>(StaffApi.dashboard), [])
  if (error) return <LoadError error={error} onRetry={reload} />
  if (loading || !data) return <Skeleton active />
  const card = (title: string, v: Totals, id: string) => (
    <Card title={title} data-testid={id}>
      <Row gutter={16}>
        <Col span={10}>
          <Statistic title={t('金额（元）', 'Amount (yuan)')} value={formatYuan(v.amount)} />
        </Col>
        <Col span={7}>
          <Statistic title={t('笔数', 'Gifts')} value={v.count} />
        </Col>
        <Col span={7}>
          <Statistic title={t('捐赠人', 'Donors')} value={v.donors} />
        </Col>
      </Row>
    </Card>
  )
  return (
    <Row gutter={[16, 16]}>
      {(data.warnings ?? []).map((w) => (
        <Col span={24} key={w.kind}>
          <Alert
            type='error'
            showIcon
            data-testid='dash-warning-proxy'
            message={t('服务器只看到代理的地址', 'The server sees only its proxy’s address')}
            description={t(
              `请求经由 ${w.address} 的代理转发（带 ${w.header}），但 TRUST_PROXY 未指定该代理：所有访客共用一个地址，按地址的限制（下单、登录、短信、上传）会把全站当作一位访客。请运维把 TRUST_PROXY 设为代理的地址（见部署文档）。最近一次：${beijingTime(w.seenAt, true)}`,
              `Requests come through a proxy at ${w.address} (with ${w.header}) that TRUST_PROXY does not name: every visitor shares one address, so per-address limits (orders, sign-in, SMS, uploads) count the whole site as one visitor. Ask the operator to set TRUST_PROXY to the proxy's address (see the deployment guide). Last seen: ${beijingTime(w.seenAt, true)}`
            )}
          />
        </Col>
      ))}
      <Col span={12}>{card(t('今日', 'Today'), data.today, 'dash-today')}</Col>
      <Col span={12}>{card(t('本月', 'This month'), data.month, 'dash-month')}</Col>
      <Col span={16}>
        <Card title={t('近 30 天', 'Last 30 days')}>
          <DailyChart daily={data.daily} />
        </Card>
      </Col>
      <Col span={8}>
        <Card title={t('项目排行', 'Top projects')} styles={{ body: { padding: 0 } }}>
          <Table
            size='small'
            rowKey='id'
            pagination={false}
            dataSource={data.topProjects}
            locale={{ emptyText: <EmptyState /> }}
            columns={[
              { title: t('项目', 'Project'), dataIndex: 'name', ellipsis: true },
              { title: t('金额', 'Amount'), dataIndex: 'amount', align: 'right', render: (v: string) => formatYuan(v) },
              { title: t('笔数', 'Gifts'), dataIndex: 'count', align: 'right', width: 64 }
            ]}
          />
        </Card>
      </Col>
    </Row>
  )
}

/** Plain SVG bars: one per day, heights relative to the largest day (compared in fen, no float sums). */
function DailyChart({ daily }: { daily: Dashboard['daily'] }) {
  const { t } = useLang()
  if (!daily.length) return <EmptyState />
  const fen = daily.map((d) => {
    const [w, f = ''] = d.amount.split('.')
    return Number(w) * 100 + Number(f.padEnd(2, '0').slice(0, 2))
  })
  const max = Math.max(1, ...fen)
  const W = 760
  const H = 220
  const pad = 28
  const bw = (W - pad) / daily.length
  return (
    <svg viewBox={`0 0 ${W} ${H + 24}`} width='100%' role='img' aria-label={t('每日捐赠金额', 'Daily amount')} data-testid='daily-chart'>
      <line x1={pad} y1={H} x2={W} y2={H} stroke='#d9d9d9' />
      <text x={0} y={12} fontSize={11} fill='#888'>
        {formatYuan(max)}
      </text>
      {daily.map((d, i) => {
        const h = Math.round((fen[i] / max) * (H - 20))
        return (
          <g key={d.date}>
            <rect x={pad + i * bw + 2} y={H - h} width={Math.max(2, bw - 4)} height={h} fill='#c8102e' opacity={0.85}>
              <title>{`${d.date}: ${formatYuan(d.amount)} (${d.count})`}</title>
            </rect>
            {i % 5 === 0 && (
              <text x={pad + i * bw} y={H + 16} fontSize={11} fill='#888'>
                {d.date.slice(5)}
              </text>
            )}
          </g>
        )
      })}
    </svg>
  )
}
