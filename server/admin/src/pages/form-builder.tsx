/**
 * The donation form builder: the fields a donor fills in for this project, of the twelve types the app renders,
 * with required, length limits, options (select, select2, radio) and a condition (show this field only when
 * another field has a value). Order is the order shown to donors; up and down move a field.
 */
import { useEffect, useState } from 'react'
import { Alert, App, Button, Card, Col, Empty, Input, InputNumber, Row, Select, Skeleton, Space, Switch, Tag } from 'antd'
import { get, post } from '../api'
import { LoadError } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { StaffApi, staffPath } from '@contract'
import type { ProjectFormBody, StaffForm, StaffFormField } from '@contract/schema/staff-projects'

export const FIELD_TYPES = [
  'input',
  'password',
  'number',
  'textarea',
  'mobile',
  'switch',
  'select',
  'select2',
  'date',
  'area',
  'year',
  'radio'
] as const satisfies readonly StaffFormField['fieldUiType'][]
type FieldType = (typeof FIELD_TYPES)[number]
const WITH_OPTIONS: FieldType[] = ['select', 'select2', 'radio']

/** A field of GET/POST /projects/:id/form: the contract's type (types/schema/staff-projects.ts). */
export type FormField = StaffFormField

const TYPE_LABELS: Record<FieldType, [string, string]> = {
  input: ['单行文本', 'Text'],
  password: ['密码', 'Password'],
  number: ['数字', 'Number'],
  textarea: ['多行文本', 'Long text'],
  mobile: ['手机号', 'Mobile'],
  switch: ['开关', 'Switch'],
  select: ['下拉选择', 'Select'],
  select2: ['多级选择', 'Select (2)'],
  date: ['日期', 'Date'],
  area: ['地区', 'Region'],
  year: ['年份', 'Year'],
  radio: ['单选', 'Radio']
}

function newField(existing: FormField[]): FormField {
  let n = existing.length + 1
  while (existing.some((f) => f.fieldName === `field${n}`)) n++
  return {
    fieldName: `field${n}`,
    fieldShowName: '',
    fieldUiType: 'input',
    inputTip: '',
    isRequire: 0,
    isLengthLimit: 0,
    lengthMin: 0,
    lengthMax: 0,
    optionList: [],
    isShowConfig: 0,
    conditionFieldName: '',
    conditionFieldValue: '',
    labelEn: '',
    inputTipEn: ''
  }
}

/** The checks the server makes too, so a form is never sent that it would refuse for a reason visible here. */
export function formProblems(fields: FormField[], t: (zh: string, en: string) => string): string[] {
  const out: string[] = []
  const names = new Set<string>()
  fields.forEach((f, i) => {
    const at = t(`第 ${i + 1} 个字段`, `Field ${i + 1}`)
    if (!/^[A-Za-z][A-Za-z0-9_]{0,31}$/.test(f.fieldName))
      out.push(`${at}: ${t('字段键须以字母开头，仅含字母数字下划线', 'the key must start with a letter (letters, digits, _)')}`)
    if (names.has(f.fieldName)) out.push(`${at}: ${t('字段键重复', 'duplicate key')}`)
    names.add(f.fieldName)
    if (!f.fieldShowName.trim()) out.push(`${at}: ${t('请填写字段名称', 'give it a label')}`)
    if (WITH_OPTIONS.includes(f.fieldUiType) && (!f.optionList.length || f.optionList.some((o) => !o.title.trim())))
      out.push(`${at}: ${t('请填写选项', 'give it options')}`)
    if (f.isLengthLimit && (f.lengthMin < 0 || f.lengthMax < 1 || f.lengthMin > f.lengthMax))
      out.push(`${at}: ${t('长度限制不正确', 'length limits are wrong')}`)
    if (f.isShowConfig && (!f.conditionFieldName || !fields.some((g) => g.fieldName === f.conditionFieldName && g !== f)))
      out.push(`${at}: ${t('条件字段不存在', 'the condition names no other field')}`)
  })
  return out
}

export function FormBuilder({ projectId }: { projectId: number }) {
  const { t } = useLang()
  const { message } = App.useApp()
  const { data, error, loading, reload } = useLoad(() => get<StaffForm>(staffPath(StaffApi.projectForm, { id: projectId })), [projectId])
  const [fields, setFields] = useState<FormField[]>([])
  const [problems, setProblems] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (data) setFields(data.fields)
  }, [data])
  if (error) return <LoadError error={error} onRetry={reload} />
  if (loading || !data) return <Skeleton active />

  const set = (i: number, patch: Partial<FormField>) => setFields((fs) => fs.map((f, j) => (j === i ? { ...f, ...patch } : f)))
  const move = (i: number, d: -1 | 1) =>
    setFields((fs) => {
      const j = i + d
      if (j < 0 || j >= fs.length) return fs
      const out = [...fs]
      ;[out[i], out[j]] = [out[j], out[i]]
      return out
    })
  const save = async () => {
    const p = formProblems(fields, t)
    setProblems(p)
    if (p.length) return
    setBusy(true)
    try {
      await post(staffPath(StaffApi.projectForm, { id: projectId }), { fields } satisfies ProjectFormBody)
      message.success(t('表单已保存', 'Form saved'))
      reload()
    } catch (e) {
      setProblems([(e as Error).message])
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      {data.shared && (
        <Alert
          type='warning'
          showIcon
          style={{ marginBottom: 12 }}
          message={t(
            '此表单与其他项目共用：保存后将为本项目单独保存一份',
            'This form is shared with other projects: saving gives this project its own copy'
          )}
        />
      )}
      {problems.length > 0 && (
        <Alert
          type='error'
          showIcon
          style={{ marginBottom: 12 }}
          message={problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
          data-testid='form-problems'
        />
      )}
      {!fields.length && <Empty description={t('还没有字段：捐赠人只需填写金额', 'No fields yet: donors give the amount only')} />}
      {fields.map((f, i) => (
        <Card
          key={i}
          size='small'
          style={{ marginBottom: 8 }}
          data-testid={`form-field-${i}`}
          title={
            <Space>
              <Tag>{i + 1}</Tag>
              {f.fieldShowName || t('（未命名）', '(no label)')}
              <Tag color='blue'>{t(...TYPE_LABELS[f.fieldUiType])}</Tag>
              {f.isRequire ? <Tag color='red'>{t('必填', 'required')}</Tag> : null}
            </Space>
          }
          extra={
            <Space>
              <Button size='small' disabled={i === 0} onClick={() => move(i, -1)}>
                ↑
              </Button>
              <Button size='small' disabled={i === fields.length - 1} onClick={() => move(i, 1)}>
                ↓
              </Button>
              <Button size='small' danger data-testid={`field-remove-${i}`} onClick={() => setFields((fs) => fs.filter((_, j) => j !== i))}>
                {t('删除', 'Remove')}
              </Button>
            </Space>
          }
        >
          <Row gutter={12}>
            <Col span={6}>
              <label>{t('字段名称', 'Label')}</label>
              <Input
                aria-label={t('字段名称', 'Label')}
                value={f.fieldShowName}
                onChange={(e) => set(i, { fieldShowName: e.target.value })}
                data-testid={`field-label-${i}`}
              />
            </Col>
            <Col span={5}>
              <label>{t('英文名称', 'Label in English')}</label>
              <Input
                aria-label={t('英文名称', 'Label in English')}
                value={f.labelEn}
                onChange={(e) => set(i, { labelEn: e.target.value })}
              />
            </Col>
            <Col span={4}>
              <label>{t('字段键', 'Key')}</label>
              <Input aria-label={t('字段键', 'Key')} value={f.fieldName} onChange={(e) => set(i, { fieldName: e.target.value.trim() })} />
            </Col>
            <Col span={5}>
              <label>{t('类型', 'Type')}</label>
              <Select
                aria-label={t('类型', 'Type')}
                style={{ width: '100%' }}
                value={f.fieldUiType}
                showSearch
                optionFilterProp='label'
                onChange={(v) => set(i, { fieldUiType: v, optionList: WITH_OPTIONS.includes(v) ? f.optionList : [] })}
                options={FIELD_TYPES.map((ty) => ({ value: ty, label: t(...TYPE_LABELS[ty]) }))}
                data-testid={`field-type-${i}`}
              />
            </Col>
            <Col span={4}>
              <label>{t('必填', 'Required')}</label>
              <div>
                <Switch aria-label={t('必填', 'Required')} checked={!!f.isRequire} onChange={(c) => set(i, { isRequire: c ? 1 : 0 })} />
              </div>
            </Col>
          </Row>
          <Row gutter={12} style={{ marginTop: 8 }}>
            <Col span={6}>
              <label>{t('提示', 'Hint')}</label>
              <Input aria-label={t('提示', 'Hint')} value={f.inputTip} onChange={(e) => set(i, { inputTip: e.target.value })} />
            </Col>
            <Col span={5}>
              <label>{t('英文提示', 'Hint in English')}</label>
              <Input
                aria-label={t('英文提示', 'Hint in English')}
                value={f.inputTipEn}
                onChange={(e) => set(i, { inputTipEn: e.target.value })}
              />
            </Col>
            <Col span={13}>
              <label>{t('长度限制', 'Length limit')}</label>
              <div>
                <Space>
                  <Switch
                    aria-label={t('长度限制', 'Length limit')}
                    checked={!!f.isLengthLimit}
                    onChange={(c) => set(i, { isLengthLimit: c ? 1 : 0 })}
                  />
                  {!!f.isLengthLimit && (
                    <>
                      <InputNumber
                        aria-label={t('最短', 'Shortest')}
                        min={0}
                        precision={0}
                        value={f.lengthMin}
                        onChange={(v) => set(i, { lengthMin: v ?? 0 })}
                      />
                      ~
                      <InputNumber
                        aria-label={t('最长', 'Longest')}
                        min={1}
                        precision={0}
                        value={f.lengthMax}
                        onChange={(v) => set(i, { lengthMax: v ?? 0 })}
                      />
                    </>
                  )}
                </Space>
              </div>
            </Col>
          </Row>
          {WITH_OPTIONS.includes(f.fieldUiType) && (
            <div style={{ marginTop: 8 }}>
              <label>{t('选项', 'Options')}</label>
              {f.optionList.map((o, k) => (
                <Space key={k} style={{ display: 'flex', marginTop: 4 }}>
                  <Input
                    aria-label={t('选项', 'Option')}
                    placeholder={t('选项', 'Option')}
                    value={o.title}
                    onChange={(e) => set(i, { optionList: f.optionList.map((x, m) => (m === k ? { ...x, title: e.target.value } : x)) })}
                    data-testid={`field-${i}-option-${k}`}
                  />
                  <Input
                    aria-label={t('选项英文', 'Option in English')}
                    placeholder={t('英文', 'English')}
                    value={o.titleEn}
                    onChange={(e) => set(i, { optionList: f.optionList.map((x, m) => (m === k ? { ...x, titleEn: e.target.value } : x)) })}
                  />
                  <Button type='link' danger onClick={() => set(i, { optionList: f.optionList.filter((_, m) => m !== k) })}>
                    {t('删除', 'Remove')}
                  </Button>
                </Space>
              ))}
              <Button
                size='small'
                style={{ marginTop: 4 }}
                data-testid={`field-${i}-option-add`}
                onClick={() => {
                  let n = f.optionList.length + 1
                  while (f.optionList.some((o) => o.id === String(n))) n++
                  set(i, { optionList: [...f.optionList, { id: String(n), title: '', titleEn: '' }] })
                }}
              >
                {t('添加选项', 'Add an option')}
              </Button>
            </div>
          )}
          <div style={{ marginTop: 8 }}>
            <Space>
              <label>{t('条件显示', 'Show only when')}</label>
              <Switch
                aria-label={t('条件显示', 'Show only when')}
                size='small'
                checked={!!f.isShowConfig}
                onChange={(c) => set(i, { isShowConfig: c ? 1 : 0 })}
              />
              {!!f.isShowConfig && (
                <>
                  <Select
                    aria-label={t('条件字段', 'Condition field')}
                    style={{ width: 180 }}
                    placeholder={t('字段', 'Field')}
                    value={f.conditionFieldName || undefined}
                    onChange={(v) => set(i, { conditionFieldName: v })}
                    options={fields.filter((g) => g !== f).map((g) => ({ value: g.fieldName, label: g.fieldShowName || g.fieldName }))}
                  />
                  =
                  <Input
                    aria-label={t('条件取值', 'Condition value')}
                    style={{ width: 160 }}
                    placeholder={t('取值', 'Value')}
                    value={f.conditionFieldValue}
                    onChange={(e) => set(i, { conditionFieldValue: e.target.value })}
                  />
                </>
              )}
            </Space>
          </div>
        </Card>
      ))}
      <Space style={{ marginTop: 8 }}>
        <Button onClick={() => setFields((fs) => [...fs, newField(fs)])} data-testid='form-add-field'>
          {t('添加字段', 'Add a field')}
        </Button>
        <Button type='primary' loading={busy} onClick={save} data-testid='form-save'>
          {t('保存表单', 'Save the form')}
        </Button>
      </Space>
    </>
  )
}
