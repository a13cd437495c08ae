/**
 * One project: its details (create or edit), its donation form, progress entries and use-of-funds publicity, its
 * status, and a "preview as donor" link to the donor app's own detail page (the H5 route /subject-detail).
 */
import { useEffect, useState } from 'react'
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Tabs
} from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { get, post, session } from '../api'
import { LoadError, RequiredSelect, yuanRule } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { navigate } from '../router'
import { FormBuilder } from './form-builder'
import { ProgressTab, PublicityTab } from './project-extras'
import { statusTag } from './projects'
import { ImageField, ImageListField } from './upload-field'
import { RichTextEditor } from './rich-text'
import { StaffApi, staffPath } from '@contract'
import type { ProjectBody, ProjectStatusBody, StaffCategory, StaffLabel, StaffProject } from '@contract/schema/staff-projects'

/** GET /projects/:id: the contract's type (types/schema/staff-projects.ts). */
export type ProjectDetail = StaffProject
type Values = Omit<ProjectDetail, 'startDate' | 'endDate'> & { dates?: [Dayjs | null, Dayjs | null] }

const SWITCHES: [(keyof Values & `is${string}`) | 'alumniOnly' | 'monthlyGiving', string, string][] = [
  ['isFixMoney', '固定金额', 'Fixed amounts'],
  ['isHandMoney', '自定义金额', 'Any amount'],
  ['isRecord', '显示捐赠名录', 'Show directory'],
  ['isProgress', '显示项目进展', 'Show progress'],
  ['isLeaveMessage', '允许留言', 'Allow messages'],
  ['isAuditMessage', '留言需审核', 'Review messages'],
  ['isInstruction', '显示善款公示', 'Show publicity'],
  ['isDonateTogether', '允许一起捐', 'Joint giving'],
  ['isSubRank', '子项目排行', 'Sub-item ranking'],
  ['alumniOnly', '仅限校友', 'Alumni only'],
  // docs/decisions/078: donors see "give monthly" only where the school also has an agreement provider
  ['monthlyGiving', '允许按月捐赠', 'Monthly giving']
]

// the project's flags are 0/1 in the contract; a Switch given `checked={1}` writes aria-checked="1", which is no
// valid state for a switch (axe aria-valid-attr-value, decision 072): the Switch is given a boolean
const switchProps = (v: unknown) => ({ checked: Boolean(v) })

const blank: Partial<Values> = {
  itemsType: 1,
  crowdType: 1,
  namingType: null,
  isLimit: 1,
  isFixMoney: 1,
  isHandMoney: 1,
  isRecord: 1,
  isProgress: 1,
  isLeaveMessage: 1,
  isAuditMessage: 0,
  isInstruction: 1,
  isDonateTogether: 0,
  isSubRank: 0,
  alumniOnly: 0,
  monthlyGiving: 0,
  covers: [],
  labelIds: [],
  fixMoney: [],
  subItems: [],
  sortNo: 0
}

export function ProjectEditPage({ id }: { id: number | null }) {
  const { t } = useLang()
  const { data, error, loading, reload } = useLoad(
    () => (id ? get<ProjectDetail>(staffPath(StaffApi.project, { id })) : Promise.resolve(null)),
    [id]
  )
  if (error) return <LoadError error={error} onRetry={reload} />
  if (id && (loading || !data)) return <Skeleton active />
  const preview = id ? `/subject-detail?id=${id}&school=${encodeURIComponent(session.school() ?? '')}` : ''
  return (
    <Card
      title={
        <Space>
          <Button onClick={() => navigate('projects')}>{t('返回列表', 'Back')}</Button>
          {data ? data.name : t('新建项目', 'New project')}
          {data && statusTag(data.status, t)}
        </Space>
      }
      extra={
        id && (
          <Space>
            {data && <StatusSwitch project={data} onChanged={reload} />}
            <Button href={preview} target='_blank' rel='noopener' data-testid='project-preview'>
              {t('以捐赠人视角预览', 'Preview as donor')}
            </Button>
          </Space>
        )
      }
    >
      <Tabs
        items={[
          { key: 'info', label: t('项目信息', 'Details'), children: <ProjectForm project={data} onSaved={reload} /> },
          ...(id
            ? [
                { key: 'form', label: t('捐赠表单', 'Donation form'), children: <FormBuilder projectId={id} /> },
                { key: 'progress', label: t('项目进展', 'Progress'), children: <ProgressTab projectId={id} /> },
                { key: 'publicity', label: t('善款公示', 'Use of funds'), children: <PublicityTab projectId={id} /> }
              ]
            : [])
        ]}
      />
    </Card>
  )
}

function StatusSwitch({ project, onChanged }: { project: ProjectDetail; onChanged: () => void }) {
  const { t } = useLang()
  const { message } = App.useApp()
  return (
    <Select
      aria-label={t('项目状态', 'Project status')}
      value={project.status}
      style={{ width: 120 }}
      data-testid='project-status'
      onChange={(status) =>
        post(staffPath(StaffApi.projectStatus, { id: project.id }), { status } satisfies ProjectStatusBody).then(
          () => {
            message.success(t('状态已更新', 'Status changed'))
            onChanged()
          },
          (e: Error) => message.error(e.message)
        )
      }
      options={[
        { value: 'open', label: t('进行中', 'Open') },
        { value: 'paused', label: t('暂停', 'Paused') },
        { value: 'complete', label: t('结束', 'Complete') }
      ]}
    />
  )
}

function ProjectForm({ project, onSaved }: { project: ProjectDetail | null; onSaved: () => void }) {
  const { t } = useLang()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [err, setErr] = useState('')
  const [busy, setBusy] = useState(false)
  const cats = useLoad(() => get<StaffCategory[]>(StaffApi.categories), [])
  const labels = useLoad(() => get<StaffLabel[]>(StaffApi.labels), [])
  const crowdType = Form.useWatch('crowdType', form)
  const itemsType = Form.useWatch('itemsType', form)
  const isLimit = Form.useWatch('isLimit', form)
  const englishHint = t(
    '英文访客看到英文；留空则显示中文，并列入“待补英文”',
    'English visitors read this; left empty, they see the Chinese and the text is listed under “Missing English”'
  )

  useEffect(() => {
    if (!project) return form.setFieldsValue(blank as never)
    form.setFieldsValue({
      ...project,
      dates:
        project.startDate || project.endDate
          ? [project.startDate ? dayjs(project.startDate) : null, project.endDate ? dayjs(project.endDate) : null]
          : undefined
    } as never)
  }, [project, form])

  const submit = async (v: Values) => {
    setBusy(true)
    setErr('')
    const { dates, ...rest } = v
    const flags = Object.fromEntries(SWITCHES.map(([k]) => [k, v[k] ? 1 : 0]))
    const body: ProjectBody = {
      name: rest.name.trim(),
      intro: rest.intro ?? '',
      content: rest.content ?? '',
      // the project's own words in English (decision 073): '' leaves the donor reading the Chinese
      nameEn: (rest.nameEn ?? '').trim(),
      introEn: rest.introEn ?? '',
      contentEn: rest.contentEn ?? '',
      noReason: rest.noReason ?? '',
      noReasonEn: rest.noReasonEn ?? '',
      thumbnailImg: rest.thumbnailImg ?? '',
      coverImg: rest.coverImg ?? '',
      covers: rest.covers ?? [],
      typeId: rest.typeId ?? undefined,
      labelIds: rest.labelIds ?? [],
      itemsType: rest.itemsType,
      crowdType: rest.crowdType,
      namingType: rest.itemsType === 2 ? (rest.namingType ?? undefined) : undefined,
      isLimit: rest.isLimit ? 1 : 0,
      target: rest.isLimit && rest.crowdType === 1 ? String(rest.target ?? '').trim() || '0' : '0',
      limitMaterialNumber: rest.crowdType === 2 ? (rest.limitMaterialNumber ?? 0) : 0,
      startDate: dates?.[0]?.format('YYYY-MM-DD') ?? '',
      endDate: dates?.[1]?.format('YYYY-MM-DD') ?? '',
      fixMoney: (rest.fixMoney ?? []).map((f) => ({ title: f.title ?? '', titleEn: f.titleEn ?? '', money: String(f.money).trim() })),
      subItems: (rest.subItems ?? []).map((s) => ({
        ...(s.id ? { id: s.id } : {}),
        name: s.name,
        nameEn: s.nameEn ?? '',
        fixMoney: (s.fixMoney ?? []).map((f) => ({ title: f.title ?? '', titleEn: f.titleEn ?? '', money: String(f.money).trim() }))
      })),
      materialName: rest.crowdType === 2 ? (rest.materialName ?? '') : '',
      materialUnit: rest.crowdType === 2 ? (rest.materialUnit ?? '') : '',
      materialNameEn: rest.crowdType === 2 ? (rest.materialNameEn ?? '') : '',
      materialUnitEn: rest.crowdType === 2 ? (rest.materialUnitEn ?? '') : '',
      materialPrice: rest.crowdType === 2 ? String(rest.materialPrice ?? '').trim() : '0',
      namingCountAll: rest.itemsType === 2 ? (rest.namingCountAll ?? 0) : 0,
      sortNo: rest.sortNo ?? 0,
      ...flags
    }
    try {
      const saved = await post<ProjectDetail>(project ? staffPath(StaffApi.project, { id: project.id }) : StaffApi.projects, body)
      message.success(t('已保存', 'Saved'))
      if (project) onSaved()
      else navigate(`projects/${saved.id}`)
    } catch (e) {
      setErr((e as Error).message)
    } finally {
      setBusy(false)
    }
  }

  const fixList = (name: (string | number)[], testPrefix: string) => (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((f) => (
            <Space key={f.key} align='baseline'>
              <Form.Item name={[f.name, 'money']} rules={[yuanRule(t)]}>
                <Input
                  aria-label={t('金额', 'Amount')}
                  addonAfter={t('元', 'yuan')}
                  style={{ width: 160 }}
                  data-testid={`${testPrefix}-money-${f.name}`}
                />
              </Form.Item>
              <Form.Item name={[f.name, 'title']} rules={[{ max: 32 }]}>
                <Input
                  aria-label={t('说明（选填）', 'Caption (optional)')}
                  placeholder={t('说明（选填）', 'Caption (optional)')}
                  style={{ width: 180 }}
                />
              </Form.Item>
              <Form.Item name={[f.name, 'titleEn']} rules={[{ max: 32 }]}>
                <Input
                  aria-label={t('英文说明', 'Caption in English')}
                  placeholder={t('英文说明', 'Caption in English')}
                  style={{ width: 160 }}
                />
              </Form.Item>
              <Button type='link' danger onClick={() => remove(f.name)}>
                {t('删除', 'Remove')}
              </Button>
            </Space>
          ))}
          <Button onClick={() => add({ money: '', title: '', titleEn: '' })} data-testid={`${testPrefix}-add`}>
            {t('添加固定金额', 'Add a fixed amount')}
          </Button>
        </>
      )}
    </Form.List>
  )

  return (
    <>
      {err && <Alert type='error' showIcon message={err} style={{ marginBottom: 16 }} data-testid='project-error' />}
      {(cats.error || labels.error) && <LoadError error={(cats.error || labels.error)!} />}
      <Form form={form} layout='vertical' onFinish={submit} data-testid='project-form' scrollToFirstError>
        <Row gutter={24}>
          <Col span={14}>
            <Form.Item
              name='name'
              label={t('项目名称', 'Name')}
              rules={[{ required: true, whitespace: true, max: 200, message: t('请输入项目名称', 'Enter the name') }]}
            >
              <Input data-testid='project-name' />
            </Form.Item>
            <Form.Item
              name='nameEn'
              label={t('英文项目名称', 'Name in English')}
              extra={englishHint}
              rules={[{ whitespace: true, max: 200 }]}
            >
              <Input data-testid='project-name-en' />
            </Form.Item>
            <Form.Item name='intro' label={t('项目简介', 'Intro')} rules={[{ max: 1000 }]}>
              <Input.TextArea rows={3} data-testid='project-intro' />
            </Form.Item>
            <Form.Item name='introEn' label={t('英文项目简介', 'Intro in English')} rules={[{ max: 1000 }]}>
              <Input.TextArea rows={3} data-testid='project-intro-en' />
            </Form.Item>
            <Form.Item name='content' label={t('项目详情', 'Content')} rules={[{ max: 200000 }]}>
              <RichTextEditor label={t('项目详情', 'Content')} testId='project-content' />
            </Form.Item>
            <Form.Item name='contentEn' label={t('英文项目详情', 'Content in English')} rules={[{ max: 200000 }]}>
              <RichTextEditor label={t('英文项目详情', 'Content in English')} testId='project-content-en' />
            </Form.Item>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name='noReason' label={t('暂停原因（暂停时向捐赠人显示）', 'Reason shown while paused')} rules={[{ max: 500 }]}>
                  <Input />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name='noReasonEn' label={t('英文暂停原因', 'Reason in English')} rules={[{ max: 500 }]}>
                  <Input data-testid='project-no-reason-en' />
                </Form.Item>
              </Col>
            </Row>
          </Col>
          <Col span={10}>
            <Form.Item name='typeId' label={t('项目分类', 'Category')}>
              <Select allowClear options={(cats.data ?? []).map((c) => ({ value: c.id, label: c.name }))} data-testid='project-category' />
            </Form.Item>
            <Form.Item name='labelIds' label={t('项目标签', 'Labels')}>
              <Select mode='multiple' options={(labels.data ?? []).map((l) => ({ value: l.id, label: l.labelTitle }))} />
            </Form.Item>
            <Form.Item name='thumbnailImg' label={t('缩略图', 'Thumbnail')}>
              <ImageField />
            </Form.Item>
            <Form.Item name='coverImg' label={t('封面图', 'Cover image')}>
              <ImageField />
            </Form.Item>
            <Form.Item name='covers' label={t('轮播图', 'Cover images')}>
              <ImageListField />
            </Form.Item>
          </Col>
        </Row>
        <Divider />
        <Row gutter={24}>
          <Col span={6}>
            <Form.Item name='itemsType' label={t('项目类型', 'Project type')}>
              <Radio.Group
                disabled={!!project}
                options={[
                  { value: 1, label: t('捐赠', 'Donation') },
                  { value: 2, label: t('冠名', 'Naming') }
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name='crowdType' label={t('筹集方式', 'Giving type')}>
              <Radio.Group
                disabled={!!project}
                options={[
                  { value: 1, label: t('资金', 'Money') },
                  { value: 2, label: t('物资', 'Goods') }
                ]}
              />
            </Form.Item>
          </Col>
          {itemsType === 2 && (
            <>
              <Col span={6}>
                <Form.Item name='namingType' label={t('冠名类型', 'Naming type')} rules={[{ required: true }]}>
                  <RequiredSelect
                    options={[
                      { value: 1, label: t('座位', 'Seats') },
                      { value: 2, label: t('图书', 'Books') }
                    ]}
                  />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name='namingCountAll' label={t('冠名总数', 'Naming total')}>
                  <InputNumber min={0} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
        <Row gutter={24}>
          <Col span={6}>
            <Form.Item
              name='isLimit'
              label={t('设定目标', 'Has a target')}
              getValueProps={switchProps}
              getValueFromEvent={(c: boolean) => (c ? 1 : 0)}
            >
              <Switch />
            </Form.Item>
          </Col>
          {isLimit ? (
            crowdType === 2 ? (
              <Col span={6}>
                <Form.Item
                  name='limitMaterialNumber'
                  label={t('目标数量', 'Target quantity')}
                  rules={[{ required: true, type: 'number', min: 1 }]}
                >
                  <InputNumber min={1} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            ) : (
              <Col span={6}>
                <Form.Item name='target' label={t('目标金额（元）', 'Target (yuan)')} rules={[yuanRule(t)]}>
                  <Input data-testid='project-target' />
                </Form.Item>
              </Col>
            )
          ) : null}
          <Col span={8}>
            <Form.Item name='dates' label={t('起止日期', 'Dates')}>
              <DatePicker.RangePicker allowEmpty={[true, true]} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name='sortNo' label={t('排序', 'Sort order')}>
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        {crowdType === 2 && (
          <Row gutter={24}>
            <Col span={8}>
              <Form.Item name='materialName' label={t('物资名称', 'Goods name')} rules={[{ required: true, max: 64 }]}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name='materialUnit' label={t('物资单位', 'Goods unit')} rules={[{ required: true, max: 16 }]}>
                <Input placeholder={t('如：本、台', 'e.g. copy, set')} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name='materialPrice' label={t('物资单价（元）', 'Unit price (yuan)')} rules={[yuanRule(t)]}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name='materialNameEn' label={t('英文物资名称', 'Goods name in English')} rules={[{ max: 64 }]}>
                <Input data-testid='project-material-name-en' />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name='materialUnitEn' label={t('英文物资单位', 'Goods unit in English')} rules={[{ max: 16 }]}>
                <Input placeholder={t('如：book、set', 'e.g. book, set')} />
              </Form.Item>
            </Col>
          </Row>
        )}
        {crowdType !== 2 && <Form.Item label={t('固定金额', 'Fixed amounts')}>{fixList(['fixMoney'], 'fix')}</Form.Item>}
        <Form.List name='subItems'>
          {(fields, { add, remove }) => (
            <Form.Item label={t('子项目', 'Sub-items')}>
              {fields.map((f) => (
                <Card
                  key={f.key}
                  size='small'
                  style={{ marginBottom: 8 }}
                  extra={
                    <Button type='link' danger onClick={() => remove(f.name)}>
                      {t('删除', 'Remove')}
                    </Button>
                  }
                >
                  <Space>
                    <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, max: 200 }]}>
                      <Input placeholder={t('子项目名称', 'Sub-item name')} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'nameEn']} rules={[{ max: 200 }]}>
                      <Input placeholder={t('英文名称', 'Name in English')} />
                    </Form.Item>
                  </Space>
                  {crowdType !== 2 && fixList([f.name, 'fixMoney'], `sub${f.name}`)}
                </Card>
              ))}
              <Button onClick={() => add({ name: '', nameEn: '', fixMoney: [] })}>{t('添加子项目', 'Add a sub-item')}</Button>
            </Form.Item>
          )}
        </Form.List>
        <Divider />
        <Space wrap size='large'>
          {SWITCHES.map(([k, zh, en]) => (
            <Form.Item
              key={k}
              name={k}
              label={t(zh, en)}
              getValueProps={switchProps}
              getValueFromEvent={(c: boolean) => (c ? 1 : 0)}
              style={{ marginBottom: 8 }}
            >
              <Switch />
            </Form.Item>
          ))}
        </Space>
        <Divider />
        <Button type='primary' htmlType='submit' loading={busy} data-testid='project-save'>
          {t('保存', 'Save')}
        </Button>
      </Form>
    </>
  )
}
