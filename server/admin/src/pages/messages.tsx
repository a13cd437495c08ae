import { useState } from 'react'
import { Alert, App, Button, Form, Input, Modal, Segmented, Space, Tag } from 'antd'
import { post } from '../api'
import { PagedTable } from '../components'
import { useLang } from '../i18n'
import { beijingTime } from '../time'
import { StaffApi, staffPath } from '@contract'
import type { StaffMessage as Message, StaffMessageReplyBody } from '@contract/schema/staff-console'

/** Donors' messages: approve, hide, reply (editor). */
export function MessagesPage() {
  const { t } = useLang()
  const { message } = App.useApp()
  const [status, setStatus] = useState('')
  const [version, setVersion] = useState(0)
  const [replying, setReplying] = useState<Message | null>(null)
  const [err, setErr] = useState('')
  const [form] = Form.useForm<{ text: string }>()
  const act = (m: Message, what: 'approve' | 'hide') =>
    post(staffPath(what === 'approve' ? StaffApi.messageApprove : StaffApi.messageHide, { id: m.id })).then(
      () => setVersion((v) => v + 1),
      (e: Error) => message.error(e.message)
    )
  return (
    <>
      <Segmented
        style={{ marginBottom: 16 }}
        value={status}
        onChange={(v) => setStatus(String(v))}
        options={[
          { value: '', label: t('全部', 'All') },
          { value: 'pending', label: t('待审核', 'Pending') },
          { value: 'visible', label: t('已显示', 'Visible') },
          { value: 'hidden', label: t('已隐藏', 'Hidden') }
        ]}
      />
      <PagedTable<Message>
        path={StaffApi.messages}
        query={{ status: status || undefined }}
        version={version}
        rowKey='id'
        columns={[
          { title: t('时间', 'When'), dataIndex: 'createdAt', width: 160, render: (v: string) => beijingTime(v) },
          { title: t('捐赠人', 'Donor'), dataIndex: 'nickname', width: 120 },
          { title: t('项目', 'Project'), dataIndex: 'itemsName', ellipsis: true, width: 180 },
          {
            title: t('留言', 'Message'),
            key: 'c',
            render: (_, m) => (
              <>
                {m.content}
                {m.replyContent && <div style={{ color: '#6b7079', fontSize: 12 }}>↳ {m.replyContent}</div>}
              </>
            )
          },
          {
            title: t('状态', 'Status'),
            dataIndex: 'status',
            width: 90,
            render: (s: string) => (
              <Tag color={s === 'visible' ? 'green' : s === 'pending' ? 'orange' : 'default'}>
                {s === 'visible' ? t('已显示', 'visible') : s === 'pending' ? t('待审核', 'pending') : t('已隐藏', 'hidden')}
              </Tag>
            )
          },
          {
            title: '',
            key: 'op',
            width: 200,
            render: (_, m) => (
              <Space>
                <Button size='small' onClick={() => act(m, 'approve')}>
                  {t('通过', 'Approve')}
                </Button>
                <Button size='small' onClick={() => act(m, 'hide')}>
                  {t('隐藏', 'Hide')}
                </Button>
                <Button
                  size='small'
                  onClick={() => {
                    form.setFieldsValue({ text: m.replyContent })
                    setErr('')
                    setReplying(m)
                  }}
                >
                  {t('回复', 'Reply')}
                </Button>
              </Space>
            )
          }
        ]}
      />
      <Modal open={!!replying} title={t('回复留言', 'Reply')} onCancel={() => setReplying(null)} onOk={() => form.submit()} destroyOnHidden>
        {err && <Alert type='error' showIcon message={err} style={{ marginBottom: 12 }} />}
        <p>{replying?.content}</p>
        <Form
          form={form}
          onFinish={async (v) => {
            try {
              await post(staffPath(StaffApi.messageReply, { id: replying!.id }), { text: v.text.trim() } satisfies StaffMessageReplyBody)
              setReplying(null)
              setVersion((x) => x + 1)
            } catch (e) {
              setErr((e as Error).message)
            }
          }}
        >
          <Form.Item name='text' rules={[{ required: true, whitespace: true, max: 5000, message: t('请输入回复', 'Write a reply') }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}
