/**
 * Paper certificates and receipts as work queues (the staff CLI's moves, fulfilment/state.ts): each application
 * offers only the moves its status and way allow (`next`); mailing asks for the courier company and number; an
 * electronic receipt needs its file before it can be sent.
 */
import { useState } from 'react'
import { Alert, App, Button, Form, Input, Modal, Segmented, Space, Tag, Upload } from 'antd'
import { post, upload } from '../api'
import { PagedTable } from '../components'
import { useLang } from '../i18n'
import { formatYuan } from '../money'
import { StaffApi, staffPath } from '@contract'
import type { AdvanceBody, FulfilmentKind, StaffApplication } from '@contract/schema/staff-fulfilment'

type Application = StaffApplication

export function statusLabel(kind: string, s: number, t: (zh: string, en: string) => string): string {
  const labels: Record<number, string> = {
    1: t('待处理', 'Pending'),
    2: t('待邮寄', 'To mail'),
    3: t('待自取', 'To pick up'),
    4: t('已邮寄', 'Mailed'),
    5: t('已自取', 'Picked up'),
    6: kind === 'receipt' ? t('待发送电子票据', 'To send') : '6',
    7: t('已发送', 'Sent')
  }
  return labels[s] ?? String(s)
}

export function ApplicationsPage({ kind }: { kind: FulfilmentKind }) {
  const { t } = useLang()
  const { message } = App.useApp()
  const [status, setStatus] = useState<string>('pending')
  const [version, setVersion] = useState(0)
  const [mail, setMail] = useState<Application | null>(null)
  const [error, setError] = useState('')
  const [form] = Form.useForm<{ expressCompany: string; expressNo: string }>()
  const move = async (a: Application, to: number, extra?: { expressCompany: string; expressNo: string }) => {
    await post(staffPath(StaffApi.applicationAdvance, { kind, id: a.id }), { to, ...extra } satisfies AdvanceBody)
    message.success(t('已更新', 'Updated'))
    setVersion((v) => v + 1)
  }
  return (
    <>
      <Segmented
        style={{ marginBottom: 16 }}
        value={status}
        onChange={(v) => setStatus(String(v))}
        options={[
          { value: 'pending', label: t('待办', 'To do') },
          { value: 'all', label: t('全部', 'All') }
        ]}
      />
      <PagedTable<Application>
        testId={`queue-${kind}`}
        path={StaffApi.applications}
        query={{ kind, status }}
        version={version}
        rowKey='id'
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          { title: t('项目', 'Project'), dataIndex: 'itemsName', ellipsis: true },
          { title: t('捐赠人', 'Donor'), dataIndex: 'donorName' },
          { title: t('金额（元）', 'Amount'), dataIndex: 'donateMoney', align: 'right', render: (v: string) => formatYuan(v) },
          {
            title: t('收件', 'Recipient'),
            key: 'to',
            render: (_, a) => (
              <span style={{ fontSize: 12 }}>
                {a.postalContact} {a.postalMobile}
                <br />
                {a.postalAddress || a.postalEmail}
              </span>
            )
          },
          {
            title: t('状态', 'Status'),
            dataIndex: 'status',
            render: (s: number, a) => (
              <>
                <Tag color={a.next.length ? 'orange' : 'green'}>{statusLabel(kind, s, t)}</Tag>
                {a.expressNo && (
                  <div style={{ fontSize: 12 }}>
                    {a.expressCompany} {a.expressNo}
                  </div>
                )}
              </>
            )
          },
          {
            title: '',
            key: 'op',
            render: (_, a) => (
              <Space wrap>
                {kind === 'receipt' && a.status !== 7 && (
                  <Upload
                    accept='.pdf,.jpg,.jpeg,.png'
                    showUploadList={false}
                    customRequest={({ file }) => {
                      upload(staffPath(StaffApi.receiptFile, { id: a.id }), file as File).then(
                        () => {
                          message.success(t('票据文件已上传', 'Receipt file attached'))
                          setVersion((v) => v + 1)
                        },
                        (e: Error) => message.error(e.message)
                      )
                    }}
                  >
                    <Button size='small'>{a.fileUrl ? t('替换票据文件', 'Replace file') : t('上传票据文件', 'Attach file')}</Button>
                  </Upload>
                )}
                {a.next.map((to) => (
                  <Button
                    key={to}
                    size='small'
                    type='primary'
                    data-testid={`advance-${a.id}-${to}`}
                    onClick={() => {
                      if (to === 4) {
                        form.resetFields()
                        setError('')
                        setMail(a)
                      } else move(a, to).catch((e: Error) => message.error(e.message))
                    }}
                  >
                    {t('转为', 'Move to')} {statusLabel(kind, to, t)}
                  </Button>
                ))}
              </Space>
            )
          }
        ]}
      />
      <Modal
        open={!!mail}
        title={t('登记邮寄', 'Mark as mailed')}
        onCancel={() => setMail(null)}
        onOk={() => form.submit()}
        okButtonProps={{ 'data-testid': 'mail-save' } as Record<string, string>}
        destroyOnHidden
      >
        {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 12 }} />}
        <Form
          form={form}
          layout='vertical'
          onFinish={async (v) => {
            try {
              await move(mail!, 4, { expressCompany: v.expressCompany.trim(), expressNo: v.expressNo.trim() })
              setMail(null)
            } catch (e) {
              setError((e as Error).message)
            }
          }}
        >
          <Form.Item
            name='expressCompany'
            label={t('快递公司', 'Courier')}
            rules={[{ required: true, whitespace: true, max: 64, message: t('请输入快递公司', 'Enter the courier') }]}
          >
            <Input data-testid='mail-company' />
          </Form.Item>
          <Form.Item
            name='expressNo'
            label={t('快递单号', 'Tracking number')}
            rules={[{ required: true, whitespace: true, max: 64, message: t('请输入快递单号', 'Enter the tracking number') }]}
          >
            <Input data-testid='mail-number' />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}
