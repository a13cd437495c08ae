/**
 * School settings (admin): name, module name, theme colour, logo, the display switches, certificate and receipt
 * configuration, login switches (GET/POST /settings). The whole form is sent; the server validates (theme #rrggbb,
 * logo /files/… or https) and answers -1 with its own message, shown above the form.
 */
import { useEffect, useState } from 'react'
import { Alert, App, Button, Card, Checkbox, Col, ColorPicker, Form, Input, Radio, Row, Select, Skeleton, Switch } from 'antd'
import { get, post } from '../api'
import { LoadError } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { ImageField } from './upload-field'
import { StaffApi } from '@contract'
import type { StaffSettings } from '@contract/schema/staff-console'
import type { SettingsBody } from '@contract/schema/staff-settings'

/** GET /settings: the contract's type (types/schema/staff-console.ts). */
type Settings = StaffSettings

export function SettingsPage() {
  const { t } = useLang()
  const { message } = App.useApp()
  const { data, error, loading, reload } = useLoad(() => get<Settings>(StaffApi.settings), [])
  const [form] = Form.useForm<Settings>()
  const [saveError, setSaveError] = useState('')
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (data) form.setFieldsValue(data as never)
  }, [data, form])
  if (error) return <LoadError error={error} onRetry={reload} />
  if (loading || !data) return <Skeleton active />

  const submit = async (v: Settings) => {
    setBusy(true)
    setSaveError('')
    try {
      const color = v.themeColor as unknown
      const themeColor = typeof color === 'string' ? color : (color as { toHexString(): string }).toHexString()
      const { code: _code, ...rest } = v
      await post(StaffApi.settings, { ...rest, themeColor } satisfies SettingsBody)
      message.success(t('已保存', 'Saved'))
      reload()
    } catch (e) {
      setSaveError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }
  const sw = (name: (string | number)[], zh: string, en: string) => (
    <Form.Item name={name} label={t(zh, en)} valuePropName='checked'>
      <Switch />
    </Form.Item>
  )
  const pickup = (name: string) => (
    <Row gutter={8}>
      <Col span={12}>
        <Form.Item name={['fulfilment', name, 'address']} label={t('自取地址', 'Pick-up address')} rules={[{ max: 200 }]}>
          <Input />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name={['fulfilment', name, 'name']} label={t('联系人', 'Contact')} rules={[{ max: 64 }]}>
          <Input />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name={['fulfilment', name, 'mobile']} label={t('电话', 'Phone')} rules={[{ max: 32 }]}>
          <Input />
        </Form.Item>
      </Col>
    </Row>
  )
  return (
    <Form form={form} layout='vertical' onFinish={submit} data-testid='settings-form'>
      {saveError && <Alert type='error' showIcon message={saveError} style={{ marginBottom: 12 }} />}
      <Row gutter={16}>
        <Col span={12}>
          <Card title={`${t('基本信息', 'School')} · ${data.code}`} size='small' style={{ marginBottom: 16 }}>
            <Form.Item name='name' label={t('基金会名称', 'Foundation name')} rules={[{ required: true, whitespace: true, max: 100 }]}>
              <Input />
            </Form.Item>
            <Form.Item name='moduleName' label={t('模块名称', 'Module name')} rules={[{ required: true, whitespace: true, max: 100 }]}>
              <Input />
            </Form.Item>
            <Form.Item name='themeColor' label={t('主题色', 'Theme colour')}>
              <ColorPicker format='hex' showText disabledAlpha />
            </Form.Item>
            <Form.Item name='logoUrl' label='Logo'>
              <ImageField />
            </Form.Item>
            {sw(['isProduction'], '正式学校（关闭沙箱）', 'Production school (no sandbox)')}
          </Card>
          <Card title={t('登录', 'Sign-in')} size='small'>
            {sw(['login', 'isOpenLogin'], '开放登录', 'Sign-in open')}
            {sw(['login', 'sandboxLogin'], '沙箱登录', 'Sandbox sign-in')}
            <Form.Item name={['login', 'loginNotes']} label={t('登录说明', 'Sign-in notes')} rules={[{ max: 2000 }]}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </Card>
        </Col>
        <Col span={12}>
          <Card title={t('展示开关', 'Display switches')} size='small' style={{ marginBottom: 16 }}>
            <Row>
              <Col span={12}>{sw(['switches', 'hideStatistics'], '隐藏统计', 'Hide statistics')}</Col>
              <Col span={12}>{sw(['switches', 'disableOnlineDonation'], '关闭在线捐赠', 'Online donation off')}</Col>
              <Col span={12}>{sw(['switches', 'maskDonorNames'], '捐赠人姓名脱敏', 'Mask donor names')}</Col>
              <Col span={12}>{sw(['switches', 'hideDirectorySearch'], '隐藏名录搜索', 'Hide directory search')}</Col>
              <Col span={12}>{sw(['switches', 'hideProjectDirectory'], '隐藏项目名录', 'Hide project directory')}</Col>
            </Row>
            <Form.Item
              name={['switches', 'offlineContactInfo']}
              label={t('线下捐赠联系方式', 'Offline giving contact')}
              rules={[{ max: 2000 }]}
            >
              <Input.TextArea rows={2} />
            </Form.Item>
            <Row gutter={8}>
              <Col span={12}>
                <Form.Item name={['switches', 'defaultDirectoryOrder']} label={t('名录默认排序', 'Directory order')}>
                  <Select
                    options={[
                      { value: '', label: t('时间倒序', 'Newest first') },
                      { value: 'donate_time_asc', label: t('时间正序', 'Oldest first') },
                      { value: '1', label: t('金额倒序', 'Largest first') },
                      { value: 'donate_money_asc', label: t('金额正序', 'Smallest first') }
                    ]}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name={['switches', 'projectListVariant']} label={t('项目列表样式', 'Project list')}>
                  <Radio.Group
                    options={[
                      { value: 'tabs', label: t('标签页', 'Tabs') },
                      { value: 'dropdown', label: t('下拉', 'Dropdown') }
                    ]}
                  />
                </Form.Item>
              </Col>
            </Row>
          </Card>
        </Col>
      </Row>
      <Card title={t('证书与票据', 'Certificates and receipts')} size='small' style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col span={12}>
            {sw(['fulfilment', 'isOpenPaper'], '开放纸质证书', 'Paper certificates')}
            <Form.Item name={['fulfilment', 'certificateWays']} label={t('证书领取方式', 'Certificate ways')}>
              <Checkbox.Group
                options={[
                  { value: 1, label: t('自取', 'Pick up') },
                  { value: 2, label: t('邮寄', 'Mail') }
                ]}
              />
            </Form.Item>
            {pickup('certificatePickup')}
          </Col>
          <Col span={12}>
            <Row>
              <Col span={12}>{sw(['fulfilment', 'isOpenReceipt'], '开放捐赠票据', 'Receipts')}</Col>
              <Col span={12}>{sw(['fulfilment', 'isCreditCode'], '需要统一社会信用代码', 'Credit code required')}</Col>
            </Row>
            <Form.Item name={['fulfilment', 'validType']} label={t('可申请的捐赠', 'Gifts that qualify')}>
              <Radio.Group
                options={[
                  { value: 0, label: t('不接受申请', 'None') },
                  { value: 1, label: t('全部已支付捐赠', 'Any paid gift') },
                  { value: 2, label: t('仅本年度', 'This calendar year only') }
                ]}
              />
            </Form.Item>
            <Form.Item name={['fulfilment', 'receiptTypes']} label={t('票据类型', 'Receipt types')}>
              <Checkbox.Group
                options={[
                  { value: 1, label: t('纸质', 'Paper') },
                  { value: 2, label: t('电子', 'Electronic') }
                ]}
              />
            </Form.Item>
            <Form.Item name={['fulfilment', 'receiptWaysPaper']} label={t('纸质票据方式', 'Paper receipt ways')}>
              <Checkbox.Group
                options={[
                  { value: 1, label: t('自取', 'Pick up') },
                  { value: 2, label: t('快递', 'Courier') }
                ]}
              />
            </Form.Item>
            <Form.Item name={['fulfilment', 'receiptWaysElectronic']} label={t('电子票据方式', 'Electronic receipt ways')}>
              <Checkbox.Group
                options={[
                  { value: 3, label: t('邮件', 'E-mail') },
                  { value: 4, label: t('短信', 'SMS') }
                ]}
              />
            </Form.Item>
            {pickup('receiptPickup')}
          </Col>
        </Row>
      </Card>
      <Button type='primary' htmlType='submit' loading={busy} data-testid='settings-save'>
        {t('保存', 'Save')}
      </Button>
    </Form>
  )
}
