/**
 * Provider bills (finance; docs/decisions/038-bill-reconciliation.md): per day and provider, how many lines of the
 * provider's bill matched our books and how many findings are open; a run's findings open below it (bill-findings
 * .tsx); "run now" fetches a given day's bill again (the job worker runs it; the list reloads).
 */
import { useState } from 'react'
import { Alert, Button, DatePicker, Select, Space, Table, Tag } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { get, post } from '../api'
import { EmptyState, LoadError } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { BillFindings } from './bill-findings'
import { StaffApi } from '@contract'
import type { BillRunBody, BillRuns, BillRunsQuery } from '@contract/schema/staff-bills'

const PROVIDERS: Record<string, [string, string]> = {
  wechatpay: ['微信支付', 'WeChat Pay'],
  alipay: ['支付宝', 'Alipay'],
  sandbox: ['沙箱', 'Sandbox']
}
const STATES: Record<string, [string, string, string]> = {
  queued: ['排队中', 'queued', 'blue'],
  running: ['对账中', 'running', 'blue'],
  done: ['已完成', 'done', 'green'],
  failed: ['失败', 'failed', 'red']
}

export function BillsPage() {
  const { t } = useLang()
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(30, 'day'), dayjs()])
  const [day, setDay] = useState<Dayjs>(dayjs().subtract(1, 'day'))
  const [provider, setProvider] = useState<string>()
  const [runError, setRunError] = useState('')
  const [busy, setBusy] = useState(false)
  const from = range[0].format('YYYY-MM-DD')
  const to = range[1].format('YYYY-MM-DD')
  const { data, error, loading, reload } = useLoad(() => get<BillRuns>(StaffApi.bills, { from, to } satisfies BillRunsQuery), [from, to])
  const providers = data?.providers ?? []
  const chosen = provider ?? providers[0]
  const name = (p: string) => (PROVIDERS[p] ? t(...PROVIDERS[p]) : p)
  const runNow = async () => {
    if (!chosen) return
    setBusy(true)
    setRunError('')
    try {
      await post(StaffApi.billsRun, { date: day.format('YYYY-MM-DD'), provider: chosen } satisfies BillRunBody)
      // the worker usually finishes within seconds
      setTimeout(reload, 1500)
      reload()
    } catch (e) {
      setRunError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker value={range} allowClear={false} onChange={(v) => v && v[0] && v[1] && setRange([v[0], v[1]])} />
        <span style={{ marginLeft: 24 }}>{t('对账日期', 'Bill day')}</span>
        <DatePicker
          value={day}
          allowClear={false}
          disabledDate={(d) => !d.isBefore(dayjs(), 'day')}
          onChange={(v) => v && setDay(v)}
          data-testid='bill-day'
        />
        <Select
          aria-label={t('渠道', 'Provider')}
          style={{ minWidth: 140 }}
          value={chosen}
          onChange={setProvider}
          options={providers.map((p) => ({ value: p, label: name(p) }))}
          placeholder={t('支付渠道', 'Provider')}
        />
        <Button type='primary' onClick={() => void runNow()} loading={busy} disabled={!chosen} data-testid='bill-run'>
          {t('立即对账', 'Run now')}
        </Button>
        <Button onClick={reload}>{t('刷新', 'Refresh')}</Button>
      </Space>
      {runError && <Alert type='error' showIcon message={runError} style={{ marginBottom: 16 }} />}
      {error && <LoadError error={error} onRetry={reload} />}
      <Table<BillRuns['rows'][number]>
        rowKey='id'
        loading={loading}
        dataSource={data?.rows ?? []}
        pagination={{ pageSize: 31 }}
        locale={{ emptyText: <EmptyState text={t('暂无对账记录', 'No bills reconciled yet')} /> }}
        expandable={{
          rowExpandable: (r) => r.state === 'done',
          expandedRowRender: (r) => <BillFindings runId={r.id} onChanged={reload} />
        }}
        data-testid='bill-runs'
        columns={[
          { title: t('日期', 'Date'), dataIndex: 'date' },
          { title: t('支付渠道', 'Provider'), dataIndex: 'provider', render: name },
          {
            title: t('状态', 'State'),
            dataIndex: 'state',
            render: (s: string, r) => (
              <>
                <Tag color={STATES[s]?.[2]}>{STATES[s] ? t(STATES[s][0], STATES[s][1]) : s}</Tag>
                {r.error && <div style={{ color: '#cf1322', maxWidth: 360 }}>{r.error}</div>}
              </>
            )
          },
          { title: t('账单笔数', 'Bill lines'), dataIndex: 'lines', align: 'right' },
          { title: t('已对平', 'Matched'), dataIndex: 'matched', align: 'right' },
          {
            title: t('待处理差异', 'Open findings'),
            dataIndex: 'openFindings',
            align: 'right',
            render: (v: number, r) => (r.state === 'done' ? <Tag color={v ? 'red' : 'green'}>{v}</Tag> : '—')
          }
        ]}
      />
    </>
  )
}
