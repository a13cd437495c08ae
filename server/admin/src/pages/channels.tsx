/**
 * Channel credentials (admin): per channel (weapp, alipay, h5, wechat-h5) the AppID, the secret and the other
 * credentials. Secrets are write-only: the server answers them masked ('••••' + last 4), the boxes start empty and an
 * empty box keeps the stored value. New keys of credentials / payCredentials are added as name + value. Below them, the
 * message templates of WeChat and Alipay subscription messages (notice-templates.tsx).
 */
import { useState } from 'react'
import { Alert, App, Button, Card, Col, Form, Input, Row, Skeleton, Space, Switch, Tag } from 'antd'
import { get, post } from '../api'
import { LoadError } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { NoticeTemplatesCard } from './notice-templates'
import { StaffApi, staffPath } from '@contract'
import type { ChannelList, ChannelView as Channel } from '@contract/schema/staff-console'
import type { ChannelBody } from '@contract/schema/staff-settings'

export function ChannelsPage() {
  const { t } = useLang()
  const { data, error, loading, reload } = useLoad(() => get<ChannelList>(StaffApi.channels), [])
  if (error) return <LoadError error={error} onRetry={reload} />
  if (loading || !data) return <Skeleton active />
  return (
    <>
      <Alert
        style={{ marginBottom: 16 }}
        type={data.isProduction ? 'info' : 'warning'}
        showIcon
        message={
          data.isProduction
            ? t('正式学校：登录和支付使用以下凭证', 'Production school: sign-in and payment use these credentials')
            : t('试用学校：未配置的渠道使用沙箱', 'Trial school: channels without credentials use the sandbox')
        }
      />
      <Row gutter={[16, 16]}>
        {data.rows.map((c) => (
          <Col span={12} key={c.channel}>
            <ChannelCard channel={c} onSaved={reload} />
          </Col>
        ))}
        <Col span={24}>
          <NoticeTemplatesCard />
        </Col>
      </Row>
    </>
  )
}

const KEY_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/

function ChannelCard({ channel, onSaved }: { channel: Channel; onSaved: () => void }) {
  const { t } = useLang()
  const { message } = App.useApp()
  const [form] = Form.useForm()
  const [err, setErr] = useState('')
  const [extra, setExtra] = useState<{ map: 'credentials' | 'payCredentials'; key: string; value: string }[]>([])
  const secretBox = (name: (string | number)[], label: string, masked: string) => (
    <Form.Item
      key={name.join('.')}
      name={name}
      label={label}
      extra={masked ? `${t('已保存', 'stored')}: ${masked}` : t('未设置', 'not set')}
    >
      <Input.Password placeholder={t('留空不变', 'empty: keep')} autoComplete='new-password' />
    </Form.Item>
  )
  const submit = async (v: {
    appId: string
    apiBase: string
    enabled: boolean
    secret?: string
    credentials?: Record<string, string>
    payCredentials?: Record<string, string>
  }) => {
    setErr('')
    const bad = extra.find((e) => !KEY_RE.test(e.key))
    if (bad) return setErr(t(`名称“${bad.key}”须以字母开头，仅含字母数字下划线`, `Name "${bad.key}": a letter, then letters, digits or _`))
    const credentials = { ...(v.credentials ?? {}) }
    const payCredentials = { ...(v.payCredentials ?? {}) }
    for (const e of extra) (e.map === 'credentials' ? credentials : payCredentials)[e.key] = e.value
    try {
      await post(staffPath(StaffApi.channel, { channel: channel.channel }), {
        appId: v.appId.trim(),
        apiBase: v.apiBase.trim(),
        enabled: v.enabled,
        secret: v.secret ?? '',
        credentials,
        payCredentials
      } satisfies ChannelBody)
      message.success(t('已保存', 'Saved'))
      setExtra([])
      form.resetFields(['secret', 'credentials', 'payCredentials'])
      onSaved()
    } catch (e) {
      setErr((e as Error).message)
    }
  }
  return (
    <Card
      size='small'
      title={
        <Space>
          {channel.channel}
          {channel.configured ? <Tag color='green'>{t('已配置', 'configured')}</Tag> : <Tag>{t('未配置', 'not configured')}</Tag>}
        </Space>
      }
    >
      {err && <Alert type='error' showIcon message={err} style={{ marginBottom: 12 }} />}
      <Form
        form={form}
        layout='vertical'
        initialValues={{ appId: channel.appId, apiBase: channel.apiBase, enabled: channel.enabled }}
        onFinish={submit}
      >
        <Row gutter={8}>
          <Col span={16}>
            <Form.Item name='appId' label='AppID' rules={[{ max: 64 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name='enabled' label={t('启用', 'Enabled')} valuePropName='checked'>
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        {secretBox(['secret'], 'Secret', channel.secret)}
        {Object.entries(channel.credentials).map(([k, masked]) => secretBox(['credentials', k], k, masked))}
        {Object.entries(channel.payCredentials).map(([k, masked]) =>
          secretBox(['payCredentials', k], `${t('支付', 'pay')} · ${k}`, masked)
        )}
        <Form.Item name='apiBase' label={t('API 地址（选填）', 'API base (optional)')} rules={[{ max: 300 }]}>
          <Input />
        </Form.Item>
        {extra.map((e, i) => (
          <Space key={i} style={{ display: 'flex', marginBottom: 8 }}>
            <Input
              placeholder={e.map === 'credentials' ? t('凭证名称', 'Credential name') : t('支付凭证名称', 'Pay credential name')}
              value={e.key}
              onChange={(ev) => setExtra((xs) => xs.map((x, j) => (j === i ? { ...x, key: ev.target.value.trim() } : x)))}
            />
            <Input.Password
              placeholder={t('值（可写 env:变量名）', 'value (or env:NAME)')}
              value={e.value}
              onChange={(ev) => setExtra((xs) => xs.map((x, j) => (j === i ? { ...x, value: ev.target.value } : x)))}
            />
            <Button type='link' danger onClick={() => setExtra((xs) => xs.filter((_, j) => j !== i))}>
              {t('删除', 'Remove')}
            </Button>
          </Space>
        ))}
        <Space>
          <Button onClick={() => setExtra((xs) => [...xs, { map: 'credentials', key: '', value: '' }])}>
            {t('添加凭证', 'Add a credential')}
          </Button>
          <Button onClick={() => setExtra((xs) => [...xs, { map: 'payCredentials', key: '', value: '' }])}>
            {t('添加支付凭证', 'Add a pay credential')}
          </Button>
          <Button htmlType='submit' type='primary'>
            {t('保存', 'Save')}
          </Button>
        </Space>
      </Form>
    </Card>
  )
}
