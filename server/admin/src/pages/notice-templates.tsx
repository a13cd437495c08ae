/**
 * Message templates (admin, on the channels screen; docs/decisions/049-subscribe-messages.md): per channel (WeChat
 * subscribe messages, Alipay subscription messages) and kind of news, the template id picked in the platform's
 * console and what goes into each of its fields, written "thing1=project, amount2=amount, time3=time". The server
 * checks the field names and contents; the mini-programs ask donors to subscribe to exactly these ids.
 */
import { useEffect, useState } from 'react'
import { Alert, App, Button, Card, Input, Select, Skeleton, Space, Typography } from 'antd'
import { StaffApi } from '@contract'
import type { NoticeTemplateSetting } from '@contract/schema/notice'
import type { NoticeTemplateBody, NoticeTemplatesBody } from '@contract/schema/staff-notices'
import { get, post } from '../api'
import { LoadError } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'

/** a template being edited: its fields as the text staff type, "thing1=project, amount2=amount" */
type Row = Omit<NoticeTemplateBody, 'fields'> & { fields: string }

const KINDS: [string, string, string][] = [
  ['paid', '捐赠到账', 'Gift received'],
  ['certificate', '证书生成', 'Certificate ready'],
  ['receipt', '电子票据', 'Electronic receipt'],
  ['nameplate', '铭牌审核结果', 'Nameplate review'],
  ['together', '一起捐达成目标', 'Joint donation target reached'],
  ['refund', '退款', 'Refund']
]

const toText = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ')
// the facts are checked by the server (domain/notify/templates.ts), which names a wrong one
function toFields(text: string): NoticeTemplateBody['fields'] {
  const out: Record<string, string> = {}
  for (const part of text.split(/[,，\s]+/).filter(Boolean)) {
    const [k, v = ''] = part.split(/[=:：]/)
    out[k.trim()] = v.trim()
  }
  return out as NoticeTemplateBody['fields']
}

export function NoticeTemplatesCard() {
  const { t } = useLang()
  const { message } = App.useApp()
  const { data, error, loading, reload } = useLoad(() => get<NoticeTemplateSetting[]>(StaffApi.noticeTemplates), [])
  const [rows, setRows] = useState<Row[]>([])
  const [err, setErr] = useState('')
  useEffect(() => {
    if (data) setRows(data.map((d) => ({ ...d, fields: toText(d.fields) })))
  }, [data])
  if (error) return <LoadError error={error} onRetry={reload} />
  if (loading || !data) return <Skeleton active />
  const set = (i: number, patch: Partial<Row>) => setRows((xs) => xs.map((x, j) => (j === i ? { ...x, ...patch } : x)))
  const save = async () => {
    setErr('')
    try {
      await post(StaffApi.noticeTemplates, {
        templates: rows.map((r) => ({ channel: r.channel, kind: r.kind, templateId: r.templateId.trim(), fields: toFields(r.fields) }))
      } satisfies NoticeTemplatesBody)
      message.success(t('已保存', 'Saved'))
      reload()
    } catch (e) {
      setErr((e as Error).message)
    }
  }
  return (
    <Card size='small' title={t('消息模板（微信订阅消息、支付宝订阅消息）', 'Message templates (WeChat and Alipay subscription messages)')}>
      <Typography.Paragraph type='secondary'>
        {t(
          '字段写作“字段名=内容”，以逗号分隔。内容可选：project 项目名称、amount 金额、time 时间、school 学校、billNo 订单号、status 状态、note 说明。微信字段名如 thing1、amount2、time3；支付宝字段名如 keyword1。',
          'Write fields as "field=content", separated by commas. Contents: project, amount, time, school, billNo, status, note. WeChat field names look like thing1, amount2, time3; Alipay ones like keyword1.'
        )}
      </Typography.Paragraph>
      {err && <Alert type='error' showIcon message={err} style={{ marginBottom: 12 }} />}
      {rows.map((r, i) => (
        <Space key={i} style={{ display: 'flex', marginBottom: 8 }} wrap>
          <Select
            value={r.channel}
            style={{ width: 110 }}
            onChange={(channel) => set(i, { channel })}
            options={[
              { value: 'wechat', label: t('微信', 'WeChat') },
              { value: 'alipay', label: t('支付宝', 'Alipay') }
            ]}
          />
          <Select
            value={r.kind}
            style={{ width: 170 }}
            onChange={(kind) => set(i, { kind })}
            options={KINDS.map(([value, zh, en]) => ({ value, label: t(zh, en) }))}
          />
          <Input
            style={{ width: 260 }}
            placeholder={t('模板 ID', 'Template ID')}
            value={r.templateId}
            onChange={(e) => set(i, { templateId: e.target.value })}
          />
          <Input
            style={{ width: 320 }}
            placeholder='thing1=project, amount2=amount, time3=time'
            value={r.fields}
            onChange={(e) => set(i, { fields: e.target.value })}
          />
          <Button type='link' danger onClick={() => setRows((xs) => xs.filter((_, j) => j !== i))}>
            {t('删除', 'Remove')}
          </Button>
        </Space>
      ))}
      <Space>
        <Button onClick={() => setRows((xs) => [...xs, { channel: 'wechat', kind: 'paid', templateId: '', fields: '' }])}>
          {t('添加模板', 'Add a template')}
        </Button>
        <Button type='primary' onClick={save}>
          {t('保存', 'Save')}
        </Button>
      </Space>
    </Card>
  )
}
