/**
 * Yearly statements (finance; docs/decisions/050-yearly-statement.md): send year Y's giving statements to every donor
 * who asked for them each year and gave that year. The job worker writes one e-mail per donor; the table shows each
 * batch's progress (done of total, sent, failed) and polls while one is still going.
 */
import { useEffect, useState } from 'react'
import { Alert, Button, InputNumber, Popconfirm, Progress, Space, Table, Tag } from 'antd'
import { get, post } from '../api'
import { EmptyState, LoadError } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { StaffApi } from '@contract'
import type { StaffStatementBatch as Batch, StaffStatementBatches, StatementStartBody } from '@contract/schema/staff-notices'

const STATES: Record<string, [string, string, string]> = {
  queued: ['排队中', 'queued', 'blue'],
  running: ['准备中', 'preparing', 'blue'],
  enqueued: ['发送中', 'sending', 'blue'],
  failed: ['失败', 'failed', 'red']
}

const finished = (b: Batch) => b.status === 'enqueued' && b.done >= b.total

export function StatementsPage() {
  const { t } = useLang()
  const [year, setYear] = useState<number>(new Date().getFullYear() - 1)
  const [busy, setBusy] = useState(false)
  const [sendError, setSendError] = useState('')
  const { data, error, loading, reload } = useLoad(() => get<StaffStatementBatches>(StaffApi.statements), [])
  const going = (data ?? []).some((b) => !finished(b))
  // the screen polls while a batch is still being written or sent
  useEffect(() => {
    if (!going) return
    const timer = setInterval(reload, 2000)
    return () => clearInterval(timer)
  }, [going, reload])
  const send = async () => {
    setBusy(true)
    setSendError('')
    try {
      await post(StaffApi.statements, { year } satisfies StatementStartBody)
      reload()
    } catch (e) {
      setSendError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Alert
        type='info'
        showIcon
        style={{ marginBottom: 16 }}
        message={t(
          '向本年度有捐赠、且在个人中心选择“每年自动发送对账单”的捐赠人发送该年度的对账单（PDF 附件）。未选择的捐赠人不会收到。',
          'Sends the year’s statement (PDF attached) to every donor who gave that year and chose “E-mail me my statement every year” in the personal centre. Nobody else gets one.'
        )}
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <span>{t('年度', 'Year')}</span>
        <InputNumber
          aria-label={t('年度', 'Year')}
          min={2000}
          max={new Date().getFullYear()}
          value={year}
          onChange={(v) => v && setYear(v)}
          data-testid='statement-year'
        />
        <Popconfirm
          title={t(`发送 ${year} 年度对账单？`, `Send the ${year} statements?`)}
          okText={t('发送', 'Send')}
          cancelText={t('取消', 'Cancel')}
          onConfirm={() => void send()}
        >
          <Button type='primary' loading={busy} data-testid='statement-send'>
            {t('发送对账单', 'Send statements')}
          </Button>
        </Popconfirm>
        <Button onClick={reload}>{t('刷新', 'Refresh')}</Button>
      </Space>
      {sendError && <Alert type='error' showIcon message={sendError} style={{ marginBottom: 16 }} />}
      {error && <LoadError error={error} onRetry={reload} />}
      <Table<Batch>
        rowKey='id'
        loading={loading && !data}
        dataSource={data ?? []}
        pagination={false}
        locale={{ emptyText: <EmptyState text={t('还没有发送过对账单', 'No statements sent yet')} /> }}
        data-testid='statement-batches'
        columns={[
          { title: t('年度', 'Year'), dataIndex: 'year' },
          { title: t('发起时间', 'Started'), dataIndex: 'createdAt' },
          {
            title: t('状态', 'State'),
            dataIndex: 'status',
            render: (s: string, b) =>
              finished(b) ? (
                <Tag color='green'>{t('已完成', 'done')}</Tag>
              ) : (
                <Tag color={STATES[s]?.[2]}>{STATES[s] ? t(STATES[s][0], STATES[s][1]) : s}</Tag>
              )
          },
          {
            title: t('进度', 'Progress'),
            key: 'progress',
            render: (_: unknown, b) => (
              <div style={{ minWidth: 200 }} data-testid={`statement-progress-${b.id}`}>
                <Progress
                  aria-label={t('进度', 'Progress')}
                  percent={b.total ? Math.round((100 * b.done) / b.total) : finished(b) ? 100 : 0}
                  size='small'
                />
                <span>
                  {b.done} / {b.total}
                </span>
              </div>
            )
          },
          { title: t('已发送', 'Sent'), dataIndex: 'sent', align: 'right' },
          {
            title: t('失败', 'Failed'),
            dataIndex: 'failed',
            align: 'right',
            render: (v: number) => (v ? <Tag color='red'>{v}</Tag> : 0)
          },
          { title: t('未发送', 'Skipped'), dataIndex: 'skipped', align: 'right' }
        ]}
      />
    </>
  )
}
