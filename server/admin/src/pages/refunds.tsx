/**
 * Refunds (finance; docs/decisions/032-refunds.md): the refund modal of a ledger row (amount, reason), the list of
 * refunds with the second approver's approve/reject for those above the school's threshold, and the seats and book
 * copies of refunded gifts waiting for staff to keep or release them. The server decides every rule (what may still
 * be refunded, who may approve); its -1 message is shown as it comes.
 */
import { useState } from 'react'
import { Alert, App, Button, Form, Input, Modal, Space, Table, Tag } from 'antd'
import { get, post } from '../api'
import { PagedTable, yuanRule } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { formatYuan } from '../money'
import type { LedgerRow } from '@contract/schema/staff-money'
import { StaffApi, staffPath } from '@contract'
import type {
  RefundApprovalBody,
  RefundNaming,
  RefundNamingBody,
  RefundRequestBody,
  RefundView as RefundRow
} from '@contract/schema/staff-refunds'

export type { RefundRow }

export function refundStateText(s: string, t: (zh: string, en: string) => string): string {
  const m: Record<string, [string, string]> = {
    requested: ['已申请', 'requested'],
    pending_approval: ['待审批', 'awaiting approval'],
    processing: ['退款中', 'processing'],
    succeeded: ['已退款', 'refunded'],
    failed: ['退款失败', 'failed'],
    closed: ['已关闭', 'closed']
  }
  return m[s] ? t(...m[s]) : s
}
const STATE_COLORS: Record<string, string> = { succeeded: 'green', failed: 'red', pending_approval: 'orange', processing: 'blue' }

/** Refund of one ledger row: up to what is left of it (amount - refunded - waiting). */
export function RefundModal({ row, onClose, onSaved }: { row: LedgerRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useLang()
  const { message } = App.useApp()
  const [form] = Form.useForm<{ amount: string; reason: string }>()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const left = row ? (row.amountFen - (row.refundedFen ?? 0) - (row.refundPendingFen ?? 0)) / 100 : 0
  const submit = async (v: { amount: string; reason: string }) => {
    if (!row) return
    setBusy(true)
    setError('')
    try {
      const r = await post<RefundRow>(staffPath(StaffApi.ledgerRefund, { id: row.id }), {
        amount: v.amount.trim(),
        reason: v.reason.trim()
      } satisfies RefundRequestBody)
      message.success(`${refundStateText(r.state, t)} ${formatYuan(r.amount)}`)
      form.resetFields()
      onSaved()
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open={!!row}
      title={t('退款', 'Refund')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={t('提交退款', 'Refund')}
      okButtonProps={{ 'data-testid': 'refund-save' } as Record<string, string>}
      destroyOnHidden
    >
      {row && (
        <p data-testid='refund-summary'>
          {row.billNo} · {row.donorName} · {formatYuan(row.amount)} {t('元，可退', 'yuan, refundable')} {formatYuan(left.toFixed(2))}
        </p>
      )}
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 12 }} data-testid='refund-error' />}
      <Form form={form} layout='vertical' onFinish={submit}>
        <Form.Item name='amount' label={t('退款金额（元）', 'Amount (yuan)')} rules={[yuanRule(t)]}>
          <Input data-testid='refund-amount' />
        </Form.Item>
        <Form.Item
          name='reason'
          label={t('退款原因', 'Reason')}
          rules={[
            { required: true, whitespace: true, max: 200, message: t('请填写退款原因（不超过200字）', 'A reason, at most 200 characters') }
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} data-testid='refund-reason' />
        </Form.Item>
      </Form>
    </Modal>
  )
}

/** The refunds screen: every refund (approve or reject those waiting), and named seats/copies of refunded gifts. */
export function RefundsPage() {
  const { t } = useLang()
  const { message } = App.useApp()
  const [version, setVersion] = useState(0)
  const naming = useLoad(() => get<RefundNaming>(StaffApi.refundsNaming), [version])
  const act = async (path: string, body: RefundApprovalBody | RefundNamingBody) => {
    try {
      await post(path, body)
      setVersion((v) => v + 1)
    } catch (e) {
      message.error((e as Error).message)
    }
  }
  return (
    <>
      <PagedTable<RefundRow>
        testId='refunds-table'
        path={StaffApi.refunds}
        version={version}
        rowKey='id'
        columns={[
          { title: t('单号', 'Bill no.'), dataIndex: 'billNo', width: 200 },
          { title: t('项目', 'Project'), dataIndex: 'projectName', ellipsis: true },
          { title: t('捐赠人', 'Donor'), dataIndex: 'donorName' },
          { title: t('退款金额（元）', 'Amount'), dataIndex: 'amount', align: 'right', render: (v: string) => formatYuan(v) },
          { title: t('原因', 'Reason'), dataIndex: 'reason', ellipsis: true },
          {
            title: t('状态', 'State'),
            dataIndex: 'state',
            render: (v: string, r) => (
              <>
                <Tag color={STATE_COLORS[v]}>{refundStateText(v, t)}</Tag>
                {r.origin === 'provider' ? <Tag>{t('商户平台发起', 'made at the provider')}</Tag> : null}
                {r.failReason ? <div style={{ color: '#a8071a' }}>{r.failReason}</div> : null}
              </>
            )
          },
          {
            title: t('操作', 'Actions'),
            render: (_: unknown, r) =>
              r.state === 'pending_approval' ? (
                <Space>
                  <Button
                    size='small'
                    type='primary'
                    data-testid={`refund-approve-${r.id}`}
                    onClick={() => act(staffPath(StaffApi.refundApprove, { id: r.id }), { decision: 'approve' })}
                  >
                    {t('批准', 'Approve')}
                  </Button>
                  <Button size='small' danger onClick={() => act(staffPath(StaffApi.refundApprove, { id: r.id }), { decision: 'reject' })}>
                    {t('驳回', 'Reject')}
                  </Button>
                </Space>
              ) : null
          }
        ]}
      />
      <h3 style={{ marginTop: 24 }}>{t('退款后的冠名', 'Namings of refunded gifts')}</h3>
      <Table<RefundNaming['rows'][number]>
        data-testid='refund-naming-table'
        size='middle'
        rowKey='id'
        loading={naming.loading}
        dataSource={naming.data?.rows ?? []}
        pagination={false}
        columns={[
          { title: t('单号', 'Bill no.'), dataIndex: 'billNo', width: 200 },
          { title: t('冠名', 'Naming'), dataIndex: 'label', render: (v: string, r) => (r.quantity > 1 ? `${v}×${r.quantity}` : v) },
          { title: t('捐赠人', 'Donor'), dataIndex: 'donorName' },
          {
            title: t('处理', 'Decision'),
            render: (_: unknown, r) => (
              <Space>
                <Button size='small' onClick={() => act(staffPath(StaffApi.refundNaming, { id: r.id }), { decision: 'keep' })}>
                  {t('保留冠名', 'Keep')}
                </Button>
                <Button size='small' danger onClick={() => act(staffPath(StaffApi.refundNaming, { id: r.id }), { decision: 'release' })}>
                  {t('释放', 'Release')}
                </Button>
              </Space>
            )
          }
        ]}
      />
    </>
  )
}
