/**
 * One bill run's findings (docs/decisions/038-bill-reconciliation.md): what the provider's bill and our books say,
 * and what a member of finance does with each: apply it (a payment or refund the bill shows, through the same path
 * the provider's notification takes) or resolve it with a note. The server decides what may be applied; its -1
 * message is shown as it comes.
 */
import { useState } from 'react'
import { Alert, App, Button, Input, Modal, Space, Table, Tag } from 'antd'
import { get, post } from '../api'
import { EmptyState, LoadError } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { formatYuan } from '../money'
import { StaffApi, staffPath } from '@contract'
import type {
  BillFindingApplyBody,
  BillFindingResolveBody,
  BillFindingView as BillFinding,
  BillRunDetail
} from '@contract/schema/staff-bills'

export type { BillFinding }

type T = (zh: string, en: string) => string
export function findingKindText(kind: string, t: T): string {
  const m: Record<string, [string, string]> = {
    missing_payment: ['渠道已收款，本系统未支付', 'Paid at the provider, not here'],
    unpaid_at_provider: ['本系统已支付，渠道无记录', 'Paid here, unknown to the provider'],
    amount_mismatch: ['金额不一致', 'Amounts differ'],
    unknown_order: ['渠道有款，本系统无此订单', 'Paid at the provider for an order we never issued'],
    unknown_refund: ['渠道退款，本系统未记录', 'Refund at the provider, not recorded here'],
    refund_not_in_bill: ['本系统退款，对账单中没有', 'Refunded here, not in the bill'],
    refund_mismatch: ['退款不一致', 'Refunds differ']
  }
  return m[kind] ? t(...m[kind]) : kind
}
const STATE: Record<string, [string, string, string]> = {
  open: ['待处理', 'open', 'red'],
  applied: ['已补记', 'applied', 'green'],
  resolved: ['已处理', 'resolved', 'default']
}

export function BillFindings({ runId, onChanged }: { runId: number; onChanged: () => void }) {
  const { t } = useLang()
  const { message } = App.useApp()
  const { data, error, loading, reload } = useLoad(() => get<BillRunDetail>(staffPath(StaffApi.billRun, { id: runId })), [runId])
  const [resolving, setResolving] = useState<BillFinding | null>(null)
  const [note, setNote] = useState('')
  const [actionError, setActionError] = useState('')
  const [busy, setBusy] = useState(false)
  const act = async (f: BillFinding, kind: 'apply' | 'resolve', text: string) => {
    setBusy(true)
    setActionError('')
    try {
      await post(staffPath(kind === 'apply' ? StaffApi.billFindingApply : StaffApi.billFindingResolve, { id: f.id }), {
        note: text
      } satisfies BillFindingApplyBody & BillFindingResolveBody)
      message.success(kind === 'apply' ? t('已补记', 'Applied') : t('已标记为已处理', 'Marked resolved'))
      setResolving(null)
      setNote('')
      reload()
      onChanged()
    } catch (e) {
      setActionError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }
  if (error) return <LoadError error={error} onRetry={reload} />
  return (
    <>
      {actionError && !resolving && <Alert type='error' showIcon message={actionError} style={{ marginBottom: 8 }} />}
      <Table<BillFinding>
        size='small'
        rowKey='id'
        loading={loading}
        dataSource={data?.findings ?? []}
        pagination={false}
        locale={{ emptyText: <EmptyState text={t('全部对平', 'Everything matched')} /> }}
        data-testid='bill-findings'
        columns={[
          { title: t('差异', 'Finding'), dataIndex: 'kind', render: (k: string) => findingKindText(k, t) },
          {
            title: t('订单号 / 退款单号', 'Order / refund no.'),
            dataIndex: 'billNo',
            render: (_: string, f) => (
              <span style={{ fontFamily: 'monospace' }}>
                {f.billNo}
                {f.outRefundNo && <div>{f.outRefundNo}</div>}
              </span>
            )
          },
          { title: t('对账单金额（元）', 'Bill (¥)'), dataIndex: 'billAmount', align: 'right', render: (v: string) => formatYuan(v) },
          { title: t('本系统金额（元）', 'Ours (¥)'), dataIndex: 'ourAmount', align: 'right', render: (v: string) => formatYuan(v) },
          { title: t('渠道时间', 'Provider time'), dataIndex: 'billAt' },
          {
            title: t('状态', 'State'),
            dataIndex: 'state',
            render: (s: string, f) => (
              <>
                <Tag color={STATE[s]?.[2]}>{STATE[s] ? t(STATE[s][0], STATE[s][1]) : s}</Tag>
                {f.note && <div style={{ color: '#666' }}>{f.note}</div>}
              </>
            )
          },
          {
            title: t('操作', 'Actions'),
            key: 'actions',
            render: (_: unknown, f) =>
              f.state === 'open' && (
                <Space>
                  {f.applicable && (
                    <Button size='small' type='primary' loading={busy} onClick={() => void act(f, 'apply', '')} data-testid='finding-apply'>
                      {t('补记', 'Apply')}
                    </Button>
                  )}
                  <Button size='small' onClick={() => setResolving(f)} data-testid='finding-resolve'>
                    {t('标记已处理', 'Resolve')}
                  </Button>
                </Space>
              )
          }
        ]}
      />
      <Modal
        open={!!resolving}
        title={t('标记为已处理', 'Mark resolved')}
        onCancel={() => setResolving(null)}
        onOk={() => resolving && void act(resolving, 'resolve', note.trim())}
        confirmLoading={busy}
        okText={t('保存', 'Save')}
      >
        {actionError && <Alert type='error' showIcon message={actionError} style={{ marginBottom: 8 }} />}
        <Input.TextArea
          rows={3}
          maxLength={200}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t('处理说明（必填）', 'What was done (required)')}
        />
      </Modal>
    </>
  )
}
