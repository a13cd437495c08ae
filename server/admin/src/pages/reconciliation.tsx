import { useState } from 'react'
import { DatePicker, Table, Tag } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { get } from '../api'
import { EmptyState, LoadError } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { formatYuan } from '../money'
import { StaffApi } from '@contract'
import type { Reconciliation, ReconciliationQuery, ReconciliationRow as Row } from '@contract/schema/staff-money'

/** Per day and provider: what our orders say was paid against what the provider notified; mismatches in red. */
export function ReconciliationPage() {
  const { t } = useLang()
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()])
  const from = range[0].format('YYYY-MM-DD')
  const to = range[1].format('YYYY-MM-DD')
  const { data, error, loading, reload } = useLoad(
    () => get<Reconciliation>(StaffApi.reconciliation, { from, to } satisfies ReconciliationQuery),
    [from, to]
  )
  const rows = data?.rows ?? []
  return (
    <>
      <DatePicker.RangePicker
        value={range}
        allowClear={false}
        onChange={(v) => v && v[0] && v[1] && setRange([v[0], v[1]])}
        style={{ marginBottom: 16 }}
      />
      {error && <LoadError error={error} onRetry={reload} />}
      <Table<Row>
        rowKey={(r) => `${r.date}-${r.provider}`}
        loading={loading}
        dataSource={rows}
        pagination={{ pageSize: 31 }}
        locale={{ emptyText: <EmptyState /> }}
        columns={[
          { title: t('日期', 'Date'), dataIndex: 'date' },
          { title: t('支付渠道', 'Provider'), dataIndex: 'provider' },
          { title: t('订单数', 'Orders'), dataIndex: 'orders', align: 'right' },
          { title: t('已支付（元）', 'Paid'), dataIndex: 'paidFen', align: 'right', render: (v: number) => formatYuan(v) },
          { title: t('渠道通知（元）', 'Notified'), dataIndex: 'notifiedFen', align: 'right', render: (v: number) => formatYuan(v) },
          {
            title: t('差异', 'Mismatches'),
            dataIndex: 'mismatches',
            align: 'right',
            render: (v: number) => (v ? <Tag color='red'>{v}</Tag> : <Tag color='green'>0</Tag>)
          }
        ]}
      />
    </>
  )
}
