/**
 * The school's privacy policy (admin; docs/decisions/041): Chinese and English title and text, plain text with "## "
 * headings, shown to donors on the app's privacy page. "New version" makes every donor agree again at their next
 * personal-data form; without it the text is corrected in place. GET/POST /privacy-policy.
 */
import { useEffect, useState } from 'react'
import { Alert, App, Button, Card, Checkbox, Col, Form, Input, Row, Skeleton, Typography } from 'antd'
import { get, post } from '../api'
import { LoadError } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { StaffApi, type StaffPrivacyPolicy } from '@contract'
import type { PrivacyPolicyBody } from '@contract/schema/staff-settings'

/** GET /privacy-policy: the contract's type (types/privacy.ts); the form edits the request body. */
type Policy = StaffPrivacyPolicy
type Values = PrivacyPolicyBody

export function PrivacyPolicyPage() {
  const { t } = useLang()
  const { message } = App.useApp()
  const { data, error, loading, reload } = useLoad(() => get<Policy>(StaffApi.privacyPolicy), [])
  const [form] = Form.useForm<Values>()
  const [saveError, setSaveError] = useState('')
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (data) form.setFieldsValue({ zh: data.zh, en: data.en, newVersion: false })
  }, [data, form])
  if (error) return <LoadError error={error} onRetry={reload} />
  if (loading || !data) return <Skeleton active />

  const submit = async (v: Values) => {
    setBusy(true)
    setSaveError('')
    try {
      await post(StaffApi.privacyPolicy, { zh: v.zh, en: v.en, newVersion: !!v.newVersion } satisfies PrivacyPolicyBody)
      message.success(t('已保存', 'Saved'))
      reload()
    } catch (e) {
      setSaveError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }
  const column = (lang: 'zh' | 'en', label: string, required: boolean) => (
    <Col span={12}>
      <Card title={label} size='small'>
        <Form.Item name={[lang, 'title']} label={t('标题', 'Title')} rules={[{ required, whitespace: true, max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name={[lang, 'content']}
          label={t('正文（“## ”开头的行是小标题）', 'Text (a line starting with "## " is a heading)')}
          rules={[{ required, whitespace: true, max: 50000 }]}
        >
          <Input.TextArea autoSize={{ minRows: 18, maxRows: 40 }} />
        </Form.Item>
      </Card>
    </Col>
  )
  return (
    <Form form={form} layout='vertical' onFinish={submit} data-testid='privacy-policy-form'>
      {saveError && <Alert type='error' showIcon message={saveError} style={{ marginBottom: 12 }} />}
      <Typography.Paragraph data-testid='privacy-policy-meta'>
        {t('当前版本', 'Current version')} {data.version}
        {data.isDefault ? ` · ${t('内置默认文本', 'built-in default text')}` : ` · ${t('更新于', 'updated')} ${data.updatedAt}`}
        {` · ${t('已同意本版本的捐赠人', 'donors who agreed to this version')}: ${data.consents}`}
      </Typography.Paragraph>
      <Row gutter={16}>
        {column('zh', t('中文（必填）', 'Chinese (required)'), true)}
        {column('en', t('英文（留空则英文界面显示中文）', 'English (empty: the English app shows the Chinese)'), false)}
      </Row>
      <Form.Item name='newVersion' valuePropName='checked' style={{ marginTop: 16 }}>
        <Checkbox>{t('作为新版本发布：所有捐赠人需重新同意', 'Publish as a new version: every donor agrees again')}</Checkbox>
      </Form.Item>
      <Button type='primary' htmlType='submit' loading={busy}>
        {t('保存', 'Save')}
      </Button>
    </Form>
  )
}
