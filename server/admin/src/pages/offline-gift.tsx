import { useState } from 'react'
import { Alert, App, DatePicker, Form, Input, Modal, Switch } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { post } from '../api'
import { ProjectPicker, RequiredSelect, yuanRule } from '../components'
import { useLang } from '../i18n'
import { formatYuan } from '../money'
import type { LedgerRow, OfflineGiftBody, OfflineGiftCorrectionBody, OfflineGiftVoidBody } from '@contract/schema/staff-money'
import { beijingDay } from '../time'
import { StaffApi, staffPath } from '@contract'

/** the form's values: the body's, with the day as the date picker holds it */
type Values = Omit<OfflineGiftBody, 'donatedOn'> & { donatedOn: Dayjs }

/** Amount, donor and date of an offline gift: the same rules when it is entered and when it is corrected. */
function GiftFields() {
  const { t } = useLang()
  return (
    <>
      <Form.Item name='amount' label={t('金额（元）', 'Amount (yuan)')} rules={[yuanRule(t)]}>
        <Input />
      </Form.Item>
      <Form.Item
        name='donorName'
        label={t('捐赠人', 'Donor')}
        rules={[
          {
            required: true,
            max: 32,
            whitespace: true,
            message: t('请输入捐赠人（不超过32字）', 'Enter the donor (at most 32 characters)')
          }
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item name='donatedOn' label={t('捐赠日期', 'Date of the gift')} rules={[{ required: true }]}>
        <DatePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
    </>
  )
}

/** "counts in giving day X" after a save, when it does (docs/decisions/088-offline-gifts-in-giving-days.md) */
function countsIn(t: (zh: string, en: string) => string, row: LedgerRow): string {
  const days = row.givingDays ?? []
  if (!days.length) return ''
  return t(`，计入捐赠日${days.map((d) => `「${d}」`).join('')}`, `; it counts in ${days.map((d) => `"${d}"`).join(', ')}`)
}

/** Finance enters money that came by bank transfer, cash or cheque: it counts in the project's totals and the
 *  directory, labelled offline. Validated here first; the server's -1 message is shown when it still refuses. */
export function OfflineGiftModal({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useLang()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const submit = async (v: Values) => {
    setBusy(true)
    setError('')
    try {
      const row = await post<LedgerRow>(StaffApi.offlineGifts, {
        projectId: v.projectId,
        amount: v.amount.trim(),
        donorName: v.donorName.trim(),
        donatedOn: v.donatedOn.format('YYYY-MM-DD'),
        channel: v.channel,
        note: v.note?.trim() ?? '',
        showName: v.showName
      } satisfies OfflineGiftBody)
      message.success(t(`已录入 ${formatYuan(row.amount)} 元`, `Entered ${formatYuan(row.amount)} yuan`) + countsIn(t, row))
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
      open={open}
      title={t('录入线下捐赠', 'Enter an offline gift')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={t('保存', 'Save')}
      okButtonProps={{ 'data-testid': 'offline-save' } as Record<string, string>}
      destroyOnHidden
    >
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 12 }} data-testid='offline-error' />}
      <Form
        form={form}
        layout='vertical'
        onFinish={submit}
        initialValues={{ channel: 'bank', showName: true, donatedOn: dayjs() }}
        data-testid='offline-form'
      >
        <Form.Item
          name='projectId'
          label={t('项目', 'Project')}
          rules={[{ required: true, message: t('请选择项目', 'Choose the project') }]}
        >
          <ProjectPicker />
        </Form.Item>
        <GiftFields />
        <Form.Item name='channel' label={t('方式', 'Channel')} rules={[{ required: true }]}>
          <RequiredSelect
            options={[
              { value: 'bank', label: t('银行转账', 'Bank transfer') },
              { value: 'cash', label: t('现金', 'Cash') },
              { value: 'cheque', label: t('支票', 'Cheque') },
              { value: 'other', label: t('其他', 'Other') }
            ]}
          />
        </Form.Item>
        <Form.Item name='note' label={t('备注', 'Note')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name='showName' label={t('在名录中显示姓名', 'Show the name in the directory')} valuePropName='checked'>
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  )
}

/** the correction form's values: what it lets finance change, with the day as the date picker holds it */
type FixValues = Required<Pick<OfflineGiftCorrectionBody, 'amount' | 'donorName' | 'reason'>> & { donatedOn: Dayjs }

/** Finance corrects or voids an offline gift from its ledger row (docs/decisions/034-money-bounds.md): a reason is
 *  required and goes to the audit log with the row before and after; a voided gift stays in the ledger, cancelled,
 *  and leaves the totals. The server's -1 message is shown when it refuses. */
export function OfflineGiftFixModal({
  row,
  mode,
  onClose,
  onSaved
}: {
  row: LedgerRow | null
  mode: 'correct' | 'void'
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useLang()
  const { message } = App.useApp()
  const [form] = Form.useForm<FixValues>()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const submit = async (v: FixValues) => {
    if (!row) return
    setBusy(true)
    setError('')
    try {
      if (mode === 'void') {
        await post<LedgerRow>(staffPath(StaffApi.offlineGiftVoid, { id: row.id }), {
          reason: v.reason.trim()
        } satisfies OfflineGiftVoidBody)
        message.success(t(`已作废 ${row.billNo}`, `${row.billNo} voided`))
      } else {
        const changes: Omit<OfflineGiftCorrectionBody, 'reason'> = {}
        if (v.amount.trim() !== row.amount) changes.amount = v.amount.trim()
        if (v.donorName.trim() !== row.donorName) changes.donorName = v.donorName.trim()
        const day = v.donatedOn.format('YYYY-MM-DD')
        if (day !== beijingDay(row.paidAt)) changes.donatedOn = day
        const saved = await post<LedgerRow>(staffPath(StaffApi.offlineGift, { id: row.id }), {
          ...changes,
          reason: v.reason.trim()
        } satisfies OfflineGiftCorrectionBody)
        message.success(t(`已更正为 ${formatYuan(saved.amount)} 元`, `Corrected to ${formatYuan(saved.amount)} yuan`) + countsIn(t, saved))
      }
      onSaved()
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }
  const voiding = mode === 'void'
  return (
    <Modal
      open={row !== null}
      title={voiding ? t('作废线下捐赠', 'Void an offline gift') : t('更正线下捐赠', 'Correct an offline gift')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={voiding ? t('作废', 'Void') : t('保存', 'Save')}
      okButtonProps={{ danger: voiding, ...({ 'data-testid': 'offline-fix-save' } as Record<string, string>) }}
      destroyOnHidden
    >
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 12 }} data-testid='offline-fix-error' />}
      {row && (
        <Form
          form={form}
          layout='vertical'
          onFinish={submit}
          initialValues={{
            amount: row.amount,
            donorName: row.donorName,
            donatedOn: row.paidAt ? dayjs(beijingDay(row.paidAt)) : dayjs(),
            reason: ''
          }}
          data-testid='offline-fix-form'
        >
          {voiding ? (
            <Alert
              type='warning'
              showIcon
              style={{ marginBottom: 12 }}
              message={t(
                `${row.billNo}（${formatYuan(row.amount)} 元，${row.donorName}）将从项目总额和名录中移除，记录保留为已取消。`,
                `${row.billNo} (${formatYuan(row.amount)} yuan, ${row.donorName}) leaves the project's totals and the directory; the row stays, cancelled.`
              )}
            />
          ) : (
            <GiftFields />
          )}
          <Form.Item
            name='reason'
            label={t('原因（记入审计日志）', 'Reason (kept in the audit log)')}
            rules={[
              {
                required: true,
                whitespace: true,
                max: 500,
                message: t('请填写原因（不超过500字）', 'Give a reason (at most 500 characters)')
              }
            ]}
          >
            <Input.TextArea rows={2} data-testid='offline-fix-reason' />
          </Form.Item>
        </Form>
      )}
    </Modal>
  )
}
