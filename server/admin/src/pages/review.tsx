import { useState } from 'react'
import { Alert, Button, Form, Input, Modal, Radio, Tag } from 'antd'
import { post } from '../api'
import { PagedTable } from '../components'
import { useLang } from '../i18n'
import { formatYuan } from '../money'
import { beijingTime } from '../time'
import { StaffApi, staffPath } from '@contract'
import type { ReviewResolveBody, ReviewRow } from '@contract/schema/staff-money'

/** Orders in review (a payment that arrived after the order closed, an ambiguous campus-card debit): resolved
 *  as paid or closed, always with a reason (kept in the audit log). */
export function ReviewPage() {
  const { t } = useLang()
  const [version, setVersion] = useState(0)
  const [open, setOpen] = useState<ReviewRow | null>(null)
  const [error, setError] = useState('')
  const [form] = Form.useForm<{ resolution: 'paid' | 'closed'; reason: string }>()
  const submit = async (v: { resolution: 'paid' | 'closed'; reason: string }) => {
    setError('')
    try {
      await post(staffPath(StaffApi.reviewResolve, { id: open!.id }), {
        resolution: v.resolution,
        reason: v.reason.trim()
      } satisfies ReviewResolveBody)
      setOpen(null)
      setVersion((x) => x + 1)
    } catch (e) {
      setError((e as Error).message)
    }
  }
  return (
    <>
      <PagedTable<ReviewRow>
        path={StaffApi.review}
        rowKey='id'
        version={version}
        columns={[
          { title: t('单号', 'Bill no.'), dataIndex: 'billNo' },
          { title: t('项目', 'Project'), dataIndex: 'projectName', ellipsis: true },
          { title: t('捐赠人', 'Donor'), dataIndex: 'donorName' },
          { title: t('金额（元）', 'Amount'), dataIndex: 'amount', align: 'right', render: (v: string) => formatYuan(v) },
          {
            title: t('原因', 'Why'),
            dataIndex: 'kind',
            render: (v: string) => (
              <Tag color='orange'>{v === 'late' ? t('关闭后到账', 'Paid after closing') : t('待核对扣款', 'Ambiguous debit')}</Tag>
            )
          },
          { title: t('支付渠道', 'Provider'), dataIndex: 'provider' },
          { title: t('下单时间', 'Ordered'), dataIndex: 'createdAt', render: (v: string) => beijingTime(v) },
          {
            title: '',
            key: 'op',
            render: (_, r) => (
              <Button
                size='small'
                onClick={() => {
                  form.resetFields()
                  setError('')
                  setOpen(r)
                }}
              >
                {t('处理', 'Resolve')}
              </Button>
            )
          }
        ]}
      />
      <Modal
        open={!!open}
        title={t('处理订单', 'Resolve the order')}
        onCancel={() => setOpen(null)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 12 }} />}
        <Form form={form} layout='vertical' onFinish={submit} initialValues={{ resolution: 'paid' }}>
          <Form.Item name='resolution' label={t('处理结果', 'Resolution')}>
            <Radio.Group
              options={[
                { value: 'paid', label: t('确认已支付', 'Paid') },
                { value: 'closed', label: t('关闭', 'Closed') }
              ]}
            />
          </Form.Item>
          <Form.Item
            name='reason'
            label={t('原因', 'Reason')}
            rules={[{ required: true, whitespace: true, max: 500, message: t('请填写处理原因', 'Please give a reason') }]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}
