import { useState } from 'react'
import { Alert, App, Button, Form, Input, Modal, Switch, Table, Tag } from 'antd'
import { get, post } from '../api'
import { EmptyState, LoadError, RequiredCheckboxGroup } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { roleLabel, type StaffRole } from '../me'
import { StaffApi, staffPath } from '@contract'
import type { StaffAccount as StaffRow, StaffAccountBody, StaffAccountPage, StaffAccountUpdateBody } from '@contract/schema/staff-console'

/** the account form's values (one form for a new account and a change) */
type Values = Required<Pick<StaffAccountBody, 'username' | 'displayName' | 'roles'>> & { password?: string; enabled: boolean }
const ROLES: StaffRole[] = ['admin', 'finance', 'fulfilment', 'editor']

/** Staff accounts (admin): create, change roles, disable, reset a password (never shown again). */
export function StaffPage() {
  const { t } = useLang()
  const { message } = App.useApp()
  const { data, error, loading, reload } = useLoad(() => get<StaffAccountPage>(StaffApi.staff), [])
  const rows = data?.rows ?? []
  const [editing, setEditing] = useState<StaffRow | 'new' | null>(null)
  const [formError, setFormError] = useState('')
  const [form] = Form.useForm<Values>()
  const open = (r: StaffRow | 'new') => {
    setFormError('')
    form.resetFields()
    if (r !== 'new') form.setFieldsValue({ username: r.username, displayName: r.displayName, roles: r.roles, enabled: r.enabled })
    setEditing(r)
  }
  const submit = async (v: Values) => {
    setFormError('')
    try {
      if (editing === 'new')
        await post(StaffApi.staff, {
          username: v.username.trim(),
          password: v.password ?? '',
          displayName: v.displayName.trim(),
          roles: v.roles
        } satisfies StaffAccountBody)
      else if (editing)
        await post(staffPath(StaffApi.staffMember, { id: editing.id }), {
          displayName: v.displayName.trim(),
          roles: v.roles,
          enabled: v.enabled,
          ...(v.password ? { password: v.password } : {})
        } satisfies StaffAccountUpdateBody)
      message.success(t('已保存', 'Saved'))
      setEditing(null)
      reload()
    } catch (e) {
      setFormError((e as Error).message)
    }
  }
  return (
    <>
      <Button type='primary' style={{ marginBottom: 16 }} onClick={() => open('new')} data-testid='staff-new'>
        {t('新建账号', 'New account')}
      </Button>
      {error && <LoadError error={error} onRetry={reload} />}
      <Table<StaffRow>
        rowKey='id'
        loading={loading}
        dataSource={rows}
        locale={{ emptyText: <EmptyState /> }}
        columns={[
          { title: t('用户名', 'Username'), dataIndex: 'username' },
          { title: t('姓名', 'Name'), dataIndex: 'displayName' },
          {
            title: t('角色', 'Roles'),
            dataIndex: 'roles',
            render: (rs: StaffRole[]) => rs.map((r) => <Tag key={r}>{roleLabel(r, t)}</Tag>)
          },
          {
            title: t('状态', 'Status'),
            dataIndex: 'enabled',
            render: (e: boolean) => (e ? <Tag color='green'>{t('启用', 'enabled')}</Tag> : <Tag>{t('停用', 'disabled')}</Tag>)
          },
          {
            title: '',
            key: 'op',
            render: (_, r) => (
              <Button size='small' onClick={() => open(r)}>
                {t('编辑', 'Edit')}
              </Button>
            )
          }
        ]}
      />
      <Modal
        open={!!editing}
        title={editing === 'new' ? t('新建账号', 'New account') : t('编辑账号', 'Edit account')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        {formError && <Alert type='error' showIcon message={formError} style={{ marginBottom: 12 }} />}
        <Form form={form} layout='vertical' onFinish={submit} initialValues={{ roles: ['fulfilment'], enabled: true }}>
          <Form.Item
            name='username'
            label={t('用户名', 'Username')}
            rules={[
              { required: true, pattern: /^[A-Za-z0-9_.-]{2,64}$/, message: t('2-64 位字母、数字、_ . -', '2-64 letters, digits, _ . -') }
            ]}
          >
            <Input disabled={editing !== 'new'} />
          </Form.Item>
          <Form.Item name='displayName' label={t('姓名', 'Name')} rules={[{ required: true, whitespace: true, max: 64 }]}>
            <Input />
          </Form.Item>
          <Form.Item
            name='roles'
            label={t('角色', 'Roles')}
            rules={[{ required: true, type: 'array', min: 1, message: t('至少选择一个角色', 'Choose at least one role') }]}
          >
            <RequiredCheckboxGroup label={t('角色', 'Roles')} options={ROLES.map((r) => ({ value: r, label: roleLabel(r, t) }))} />
          </Form.Item>
          <Form.Item
            name='password'
            label={editing === 'new' ? t('密码', 'Password') : t('新密码（留空不变）', 'New password (empty: keep)')}
            rules={[{ required: editing === 'new', min: 8, max: 200, message: t('密码至少 8 位', 'At least 8 characters') }]}
          >
            <Input.Password autoComplete='new-password' />
          </Form.Item>
          {editing !== 'new' && (
            <Form.Item name='enabled' label={t('启用', 'Enabled')} valuePropName='checked'>
              <Switch />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  )
}
