/** A project's progress entries (with images) and its use-of-funds publicity: add and delete. */
import { useState } from 'react'
import { Alert, Button, DatePicker, Form, Image, Input, Modal, Popconfirm, Space } from 'antd'
import type { Dayjs } from 'dayjs'
import { post } from '../api'
import { PagedTable, yuanRule } from '../components'
import { useLang } from '../i18n'
import { formatYuan } from '../money'
import { ImageListField } from './upload-field'
import { StaffApi, staffPath } from '@contract'
import type { ProgressBody, PublicityBody, StaffProgress, StaffPublicity } from '@contract/schema/staff-projects'

type Progress = StaffProgress
type Publicity = StaffPublicity

function useAddModal<V>(send: (v: V) => Promise<unknown>, after: () => void) {
  const [open, setOpen] = useState(false)
  const [err, setErr] = useState('')
  const [form] = Form.useForm<V>()
  const submit = async (v: V) => {
    setErr('')
    try {
      await send(v)
      setOpen(false)
      form.resetFields()
      after()
    } catch (e) {
      setErr((e as Error).message)
    }
  }
  return { open, setOpen, err, form, submit }
}

export function ProgressTab({ projectId }: { projectId: number }) {
  const { t } = useLang()
  const [version, setVersion] = useState(0)
  const m = useAddModal<{ progressDate: Dayjs; content: string; attachments?: string[] }>(
    (v) =>
      post(staffPath(StaffApi.projectProgress, { id: projectId }), {
        progressDate: v.progressDate.format('YYYY-MM-DD'),
        content: v.content.trim(),
        attachments: v.attachments ?? []
      } satisfies ProgressBody),
    () => setVersion((x) => x + 1)
  )
  return (
    <>
      <Button type='primary' style={{ marginBottom: 12 }} onClick={() => m.setOpen(true)}>
        {t('添加进展', 'Add progress')}
      </Button>
      <PagedTable<Progress>
        path={staffPath(StaffApi.projectProgress, { id: projectId })}
        rowKey='id'
        version={version}
        columns={[
          { title: t('日期', 'Date'), dataIndex: 'progressDate', width: 120 },
          { title: t('内容', 'Text'), dataIndex: 'content' },
          {
            title: t('图片', 'Images'),
            key: 'img',
            render: (_, p) => (
              <Space>
                {p.attachmentList.map((a) => (
                  <Image
                    key={a.fileUrl}
                    alt={t('进展图片', 'Progress picture')}
                    src={a.fileUrl}
                    width={48}
                    height={36}
                    style={{ objectFit: 'cover' }}
                  />
                ))}
              </Space>
            )
          },
          {
            title: '',
            key: 'op',
            width: 80,
            render: (_, p) => (
              <Popconfirm
                title={t('删除？', 'Delete?')}
                onConfirm={() =>
                  post(staffPath(StaffApi.projectProgressDelete, { id: projectId, pid: p.id })).then(() => setVersion((x) => x + 1))
                }
              >
                <Button size='small' danger>
                  {t('删除', 'Delete')}
                </Button>
              </Popconfirm>
            )
          }
        ]}
      />
      <Modal
        open={m.open}
        title={t('添加进展', 'Add progress')}
        onCancel={() => m.setOpen(false)}
        onOk={() => m.form.submit()}
        destroyOnHidden
      >
        {m.err && <Alert type='error' showIcon message={m.err} style={{ marginBottom: 12 }} />}
        <Form form={m.form} layout='vertical' onFinish={m.submit}>
          <Form.Item name='progressDate' label={t('日期', 'Date')} rules={[{ required: true }]}>
            <DatePicker />
          </Form.Item>
          <Form.Item name='content' label={t('内容', 'Text')} rules={[{ required: true, whitespace: true, max: 5000 }]}>
            <Input.TextArea rows={4} />
          </Form.Item>
          <Form.Item name='attachments' label={t('图片', 'Images')}>
            <ImageListField />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}

export function PublicityTab({ projectId }: { projectId: number }) {
  const { t } = useLang()
  const [version, setVersion] = useState(0)
  const m = useAddModal<{ useDate: Dayjs; useTitle: string; useMoney: string }>(
    (v) =>
      post(staffPath(StaffApi.projectPublicity, { id: projectId }), {
        useDate: v.useDate.format('YYYY-MM-DD'),
        useTitle: v.useTitle.trim(),
        useMoney: v.useMoney.trim()
      } satisfies PublicityBody),
    () => setVersion((x) => x + 1)
  )
  return (
    <>
      <Button type='primary' style={{ marginBottom: 12 }} onClick={() => m.setOpen(true)}>
        {t('添加公示', 'Add an entry')}
      </Button>
      <PagedTable<Publicity>
        path={staffPath(StaffApi.projectPublicity, { id: projectId })}
        rowKey='id'
        version={version}
        columns={[
          { title: t('日期', 'Date'), dataIndex: 'useDate', width: 120 },
          { title: t('用途', 'Use'), dataIndex: 'useTitle' },
          { title: t('金额（元）', 'Amount'), dataIndex: 'useMoney', align: 'right', render: (v: string) => formatYuan(v) },
          {
            title: '',
            key: 'op',
            width: 80,
            render: (_, p) => (
              <Popconfirm
                title={t('删除？', 'Delete?')}
                onConfirm={() =>
                  post(staffPath(StaffApi.projectPublicityDelete, { id: projectId, pid: p.id })).then(() => setVersion((x) => x + 1))
                }
              >
                <Button size='small' danger>
                  {t('删除', 'Delete')}
                </Button>
              </Popconfirm>
            )
          }
        ]}
      />
      <Modal
        open={m.open}
        title={t('添加公示', 'Add an entry')}
        onCancel={() => m.setOpen(false)}
        onOk={() => m.form.submit()}
        destroyOnHidden
      >
        {m.err && <Alert type='error' showIcon message={m.err} style={{ marginBottom: 12 }} />}
        <Form form={m.form} layout='vertical' onFinish={m.submit}>
          <Form.Item name='useDate' label={t('日期', 'Date')} rules={[{ required: true }]}>
            <DatePicker />
          </Form.Item>
          <Form.Item name='useTitle' label={t('用途', 'Use')} rules={[{ required: true, whitespace: true, max: 200 }]}>
            <Input />
          </Form.Item>
          <Form.Item name='useMoney' label={t('金额（元）', 'Amount (yuan)')} rules={[yuanRule(t)]}>
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}
