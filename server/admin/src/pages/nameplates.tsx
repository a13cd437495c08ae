import { useState } from 'react'
import { Alert, Button, Form, Input, Modal, Segmented, Space, Tag } from 'antd'
import { post } from '../api'
import { PagedTable } from '../components'
import { useLang } from '../i18n'
import { StaffApi, staffPath } from '@contract'
import type { NameplateReviewBody, StaffNameplateRow } from '@contract/schema/staff-fulfilment'

type Nameplate = StaffNameplateRow

/** Nameplates of paid namings: approve, or return to the donor with a reason (routes/staff/nameplates.ts). */
export function NameplatesPage() {
  const { t } = useLang()
  const [status, setStatus] = useState('pending')
  const [version, setVersion] = useState(0)
  const [returning, setReturning] = useState<Nameplate | null>(null)
  const [error, setError] = useState('')
  const [form] = Form.useForm<{ reason: string }>()
  const review = async (n: Nameplate, action: NameplateReviewBody['action'], reason?: string) => {
    await post(staffPath(StaffApi.nameplateReview, { id: n.namingId }), { action, reason } satisfies NameplateReviewBody)
    setVersion((v) => v + 1)
  }
  const label = (s: number) => ({ 1: t('待审核', 'Pending'), 2: t('已通过', 'Approved'), 3: t('已退回', 'Returned') })[s] ?? String(s)
  return (
    <>
      <Segmented
        style={{ marginBottom: 16 }}
        value={status}
        onChange={(v) => setStatus(String(v))}
        options={[
          { value: 'pending', label: t('待审核', 'Pending') },
          { value: 'all', label: t('全部', 'All') }
        ]}
      />
      <PagedTable<Nameplate>
        path={StaffApi.nameplates}
        query={{ status }}
        version={version}
        rowKey='namingId'
        columns={[
          { title: t('项目', 'Project'), dataIndex: 'itemsName', ellipsis: true },
          { title: t('冠名对象', 'Object'), dataIndex: 'objectName' },
          { title: t('数量', 'Qty'), dataIndex: 'quantity', width: 60 },
          {
            title: t('铭牌', 'Nameplate'),
            key: 'np',
            render: (_, n) => (
              <span>
                <b>{n.nameplate.donorName}</b> {n.nameplate.donorIdentity}
                <br />
                <i>{n.nameplate.donationMessage}</i>
              </span>
            )
          },
          {
            title: t('状态', 'Status'),
            dataIndex: 'nameplateStatus',
            render: (s: number, n) => (
              <>
                <Tag color={s === 2 ? 'green' : s === 3 ? 'red' : 'orange'}>{label(s)}</Tag>
                {n.reviewReason && <div style={{ fontSize: 12 }}>{n.reviewReason}</div>}
              </>
            )
          },
          {
            title: '',
            key: 'op',
            render: (_, n) =>
              n.nameplateStatus === 1 && (
                <Space>
                  <Button size='small' type='primary' onClick={() => review(n, 'approve')}>
                    {t('通过', 'Approve')}
                  </Button>
                  <Button
                    size='small'
                    danger
                    onClick={() => {
                      form.resetFields()
                      setError('')
                      setReturning(n)
                    }}
                  >
                    {t('退回', 'Return')}
                  </Button>
                </Space>
              )
          }
        ]}
      />
      <Modal
        open={!!returning}
        title={t('退回铭牌', 'Return the nameplate')}
        onCancel={() => setReturning(null)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 12 }} />}
        <Form
          form={form}
          layout='vertical'
          onFinish={async (v) => {
            try {
              await review(returning!, 'return', v.reason.trim())
              setReturning(null)
            } catch (e) {
              setError((e as Error).message)
            }
          }}
        >
          <Form.Item
            name='reason'
            label={t('退回原因', 'Reason')}
            rules={[{ required: true, whitespace: true, max: 2000, message: t('请填写原因', 'Give a reason') }]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}
