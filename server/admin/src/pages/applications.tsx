/**
 * Paper certificates and receipts as work queues (the staff CLI's moves, fulfilment/state.ts): each application
 * offers only the moves its status and way allow (`next`); mailing asks for the courier company and number; an
 * electronic receipt needs its file before it can be sent.
 */
import { useState } from 'react'
import { Alert, App, Button, Form, Input, Modal, Segmented, Space, Tag, Upload } from 'antd'
import { post, upload } from '../api'
import { PagedTable, useBulk } from '../components'
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
  const [ticked, setTicked] = useState<Application[]>([])
  const bulk = useBulk()
  const advance = (id: number, to: number, extra?: { expressCompany: string; expressNo: string }) =>
    post(staffPath(StaffApi.applicationAdvance, { kind, id }), { to, ...extra } satisfies AdvanceBody)
  const move = async (a: Application, to: number, extra?: { expressCompany: string; expressNo: string }) => {
    await advance(a.id, to, extra)
    message.success(t('已更新', 'Updated'))
    setVersion((v) => v + 1)
  }
  // a bulk move is offered for a status every ticked row may move to, except mailing: each parcel has its own
  // courier number, asked for one by one
  const common = ticked.length
    ? ticked.map((a) => a.next.filter((to) => to !== 4)).reduce((acc, next) => acc.filter((to) => next.includes(to)))
    : []
  const moveTicked = async (to: number) => {
    await bulk.run(
      `${t('批量转为', 'Move ticked to')} ${statusLabel(kind, to, t)}`,
      ticked.map((a) => a.id),
      (id) => advance(id, to)
    )
    setTicked([])
    setVersion((v) => v + 1)
  }
  return (
    <>
      <Segmented
        style={{ marginBottom: 16 }}
        value={status}
        onChange={(v) => {
          setStatus(String(v))
          setTicked([])
        }}
        options={[
          { value: 'pending', label: t('待办', 'To do') },
          { value: 'all', label: t('全部', 'All') }
        ]}
      />
      <Space style={{ display: 'flex', marginBottom: 12 }} wrap data-testid={`bulk-${kind}`}>
        <span>
          {t('已选', 'Ticked')} {ticked.length}
        </span>
        {ticked.length && !common.length ? (
          <span style={{ color: '#595959' }}>{t('所选申请没有共同的下一步', 'The ticked requests share no next step')}</span>
        ) : null}
        {common.map((to) => (
          <Button key={to} disabled={bulk.running} onClick={() => void moveTicked(to)} data-testid={`bulk-advance-${to}`}>
            {t('所选转为', 'Move ticked to')} {statusLabel(kind, to, t)}
          </Button>
        ))}
      </Space>
      {bulk.view}
      <PagedTable<Application>
        testId={`queue-${kind}`}
        selection={{
          keys: ticked.map((a) => a.id),
          onChange: (_, rows) => setTicked(rows),
          disabled: (a) => !a.next.length
        }}
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
