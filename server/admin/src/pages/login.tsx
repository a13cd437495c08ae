import { useEffect, useState } from 'react'
import { Alert, Button, Card, Form, Input, Segmented } from 'antd'
import { post, session, type Lang } from '../api'
import { useLang } from '../i18n'
import { ConfigApi, StaffApi } from '@contract'
import type { StaffLoginBody, StaffToken } from '@contract/schema/staff-console'

/** ?school=<code> in the console's URL names the school; otherwise the last one used, else the server's default. */
export function schoolFromUrl(): string | null {
  const s = new URLSearchParams(location.search).get('school')
  return s && /^[A-Za-z0-9_-]{1,32}$/.test(s) ? s : null
}

export function LoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  const { t, lang, setLang } = useLang()
  const [form] = Form.useForm<{ school: string; username: string; password: string }>()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const known = schoolFromUrl() ?? session.school()
    if (known) form.setFieldValue('school', known)
    else
      fetch(ConfigApi.root)
        .then((r) => r.json())
        .then((c: { school?: string }) => c.school && !form.getFieldValue('school') && form.setFieldValue('school', c.school))
        .catch(() => undefined)
  }, [form])

  const submit = async (v: { school: string; username: string; password: string }) => {
    setBusy(true)
    setError('')
    try {
      const r = await post<StaffToken>(
        StaffApi.login,
        { username: v.username.trim(), password: v.password } satisfies StaffLoginBody,
        v.school.trim()
      )
      session.save(v.school.trim(), r.token)
      onSignedIn()
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f5f6f8' }}>
      <Card
        title={t('捐赠管理后台 · 登录', 'Giving console · Sign in')}
        style={{ width: 400 }}
        extra={
          <Segmented
            size='small'
            value={lang}
            onChange={(v) => setLang(v as Lang)}
            options={[
              { label: '中文', value: 'zh_CN' },
              { label: 'EN', value: 'en' }
            ]}
          />
        }
      >
        {error && <Alert type='error' message={error} showIcon style={{ marginBottom: 16 }} data-testid='login-error' />}
        <Form form={form} layout='vertical' onFinish={submit} requiredMark={false}>
          <Form.Item
            name='school'
            label={t('学校代码', 'School code')}
            rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{1,32}$/, message: t('请输入学校代码', 'Enter the school code') }]}
          >
            <Input data-testid='login-school' autoComplete='organization' />
          </Form.Item>
          <Form.Item
            name='username'
            label={t('用户名', 'Username')}
            rules={[{ required: true, message: t('请输入用户名', 'Enter your username') }]}
          >
            <Input data-testid='login-username' autoComplete='username' />
          </Form.Item>
          <Form.Item
            name='password'
            label={t('密码', 'Password')}
            rules={[{ required: true, message: t('请输入密码', 'Enter your password') }]}
          >
            <Input.Password data-testid='login-password' autoComplete='current-password' />
          </Form.Item>
          <Button type='primary' htmlType='submit' block loading={busy} data-testid='login-submit'>
            {t('登录', 'Sign in')}
          </Button>
        </Form>
      </Card>
    </div>
  )
}
