/**
 * Giving days (docs/decisions/070-giving-days.md, 074-giving-day-screens.md; docs/product §2 Giving days), admin only:
 * the list of days; a day's name, window (Beijing time, decision 051), money and participation goals and projects
 * (picked by name; none: every project); its sponsors' matches (per ¥1 or per donor, rate, cap, window, restrictions)
 * with what each has used of its cap, and its challenges (donors or money, target, reward) with their progress and
 * unlock. A refusal that names an input (the server's `data.field`, decision 081) is shown under that input.
 */
import { useEffect, useRef, useState } from 'react'
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Progress,
  Select,
  Space,
  Table,
  Tag,
  Typography
} from 'antd'
import type { FormInstance } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { StaffApi, staffPath } from '@contract'
import type { ProjectChoices } from '@contract/schema/staff-money'
import type {
  StaffGivingDay as Day,
  StaffGivingDayBody,
  StaffGivingDayChallenge as Challenge,
  StaffGivingDayChallengeBody,
  StaffGivingDayList,
  StaffGivingDayMatch as Match,
  StaffGivingDayMatchBody
} from '@contract/schema/staff-giving-day'
import { ApiError, get, post } from '../api'
import { EmptyState, LoadError } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { formatYuan } from '../money'
import { beijingTime } from '../time'

type T = (zh: string, en: string) => string

const FORMAT = 'YYYY-MM-DD HH:mm'
/** an instant the API answered (UTC ISO) as the picker's wall-clock value in Beijing time */
const toPicker = (iso: string | null | undefined): Dayjs | undefined => (iso ? dayjs(beijingTime(iso).replace(' ', 'T')) : undefined)
/** the picker's wall-clock value, entered as Beijing time, as the API takes it */
const fromPicker = (d: Dayjs | null | undefined): string | undefined => (d ? d.format(FORMAT) : undefined)

/**
 * A refusal under the input it names (decision 081) when the form has that input; otherwise the message is answered
 * for the alert above the form.
 */
/** A refusal shown under an input goes when that input changes (as the donor forms do, decision 081). */
const clearOnChange = (form: FormInstance) => (changed: Record<string, unknown>) =>
  form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))

function placeRefusal(form: FormInstance, e: unknown): string {
  const msg = (e as Error).message
  const field = e instanceof ApiError ? e.field : null
  if (field && form.getFieldInstance(field) !== undefined) {
    form.setFields([{ name: field, errors: [msg] }])
    form.scrollToField(field)
    return ''
  }
  if (field) {
    // an input the form shows only as a part of another (the window of a match): under the form's own field of that name
    const known = Object.keys(form.getFieldsValue(true))
    if (known.includes(field)) {
      form.setFields([{ name: field, errors: [msg] }])
      return ''
    }
  }
  return msg
}

/** Projects picked by name (the offline-gift search), several at once; the day's own ids keep their names. */
function ProjectsPicker({
  value,
  onChange,
  id,
  names
}: {
  value?: number[]
  onChange?: (ids: number[]) => void
  id?: string
  names: Map<number, string>
}) {
  const { t } = useLang()
  const [options, setOptions] = useState<{ value: number; label: string }[]>([])
  const [loading, setLoading] = useState(false)
  const seq = useRef(0)
  const search = (keyword: string) => {
    const n = ++seq.current
    setLoading(true)
    get<ProjectChoices>(StaffApi.offlineGiftProjects, { keyword: keyword.trim() || undefined, limit: 20, offset: 0 }).then(
      (page) => {
        if (n !== seq.current) return
        for (const p of page.rows) names.set(p.id, p.name)
        setOptions(page.rows.map((p) => ({ value: p.id, label: `#${p.id} ${p.name}` })))
        setLoading(false)
      },
      () => n === seq.current && setLoading(false)
    )
  }
  useEffect(() => search(''), []) // eslint-disable-line react-hooks/exhaustive-deps
  const chosen = (value ?? [])
    .filter((v) => !options.some((o) => o.value === v))
    .map((v) => ({ value: v, label: `#${v} ${names.get(v) ?? ''}` }))
  return (
    <Select
      // once the first names are in (the search's, then every chosen id's), a fresh select: it keeps the label it
      // first showed for a chosen id
      key={`${options.length ? 'named' : 'bare'}${chosen.every((c) => names.has(c.value)) ? '-all' : ''}`}
      id={id}
      mode='multiple'
      allowClear
      showSearch
      filterOption={false}
      onSearch={search}
      loading={loading}
      value={value}
      onChange={(v) => onChange?.(v)}
      options={[...chosen, ...options]}
      placeholder={t('按名称搜索项目；不选即全部项目', 'Search projects by name; none: every project')}
      aria-label={t('项目', 'Projects')}
      data-testid='gd-projects'
    />
  )
}

const matchKind = (m: Pick<Match, 'kind' | 'rate'>, t: T) =>
  m.kind === 'per_yuan' ? t(`每捐 ¥1 配 ¥${m.rate}`, `¥${m.rate} per ¥1`) : t(`每位捐赠人配 ¥${m.rate}`, `¥${m.rate} per donor`)
/** "1234.5" -> 123450: string arithmetic, as the console's money is (money.ts) */
const fenOf = (yuan: string): number => {
  const [w, f = ''] = yuan.split('.')
  return Number(w) * 100 + Number(f.padEnd(2, '0').slice(0, 2))
}
/** a part of a whole as a percent with one decimal (counts, or fen) */
const share = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.floor((part * 1000) / whole) / 10) : 0)
const pct = (a: string, b: string) => share(fenOf(a), fenOf(b))

/** the form's values: the body, with the pickers' values for the window */
type Windowed<B> = Omit<B, 'startsAt' | 'endsAt'> & { startsAt?: Dayjs; endsAt?: Dayjs }
type DayValues = Windowed<StaffGivingDayBody>

function DayForm({ day, names, onSaved }: { day: Day | null; names: Map<number, string>; onSaved(d: Day): void }) {
  const { t } = useLang()
  const { message } = App.useApp()
  const [form] = Form.useForm<DayValues>()
  const [err, setErr] = useState('')
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    form.resetFields()
    if (day)
      form.setFieldsValue({
        title: day.title,
        titleEn: day.titleEn,
        startsAt: toPicker(day.startsAt),
        endsAt: toPicker(day.endsAt),
        goal: day.goal,
        participationGoal: day.participationGoal,
        projects: day.projects
      })
  }, [day, form])
  const save = async (v: DayValues) => {
    setErr('')
    setBusy(true)
    try {
      const body: StaffGivingDayBody = {
        title: v.title ?? '',
        titleEn: v.titleEn ?? '',
        startsAt: fromPicker(v.startsAt) ?? '',
        endsAt: fromPicker(v.endsAt) ?? '',
        goal: (v.goal ?? '').trim() || '0',
        participationGoal: v.participationGoal ?? 0,
        projects: v.projects ?? []
      }
      const saved = await post<Day>(day ? staffPath(StaffApi.givingDay, { id: day.id }) : StaffApi.givingDays, body)
      message.success(t('已保存', 'Saved'))
      onSaved(saved)
    } catch (e) {
      setErr(placeRefusal(form, e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Form form={form} layout='vertical' onFinish={save} onValuesChange={clearOnChange(form)} data-testid='gd-day-form'>
      {err && <Alert type='error' showIcon message={err} style={{ marginBottom: 12 }} data-testid='gd-day-error' />}
      <Form.Item name='title' label={t('名称', 'Title')}>
        <Input data-testid='gd-title' />
      </Form.Item>
      <Form.Item name='titleEn' label={t('英文名称', 'English title')}>
        <Input data-testid='gd-title-en' />
      </Form.Item>
      <Space wrap>
        <Form.Item name='startsAt' label={t('开始（北京时间）', 'Start (Beijing time)')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format={FORMAT} data-testid='gd-starts' />
        </Form.Item>
        <Form.Item name='endsAt' label={t('结束（北京时间）', 'End (Beijing time)')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format={FORMAT} data-testid='gd-ends' />
        </Form.Item>
      </Space>
      <Space wrap>
        <Form.Item name='goal' label={t('筹款目标（元，0 为不设）', 'Money goal (¥; 0: none)')}>
          <Input style={{ width: 200 }} data-testid='gd-goal' />
        </Form.Item>
        <Form.Item name='participationGoal' label={t('参与人数目标（0 为不设）', 'Participation goal (0: none)')}>
          <InputNumber style={{ width: 200 }} min={0} precision={0} data-testid='gd-participation' />
        </Form.Item>
      </Space>
      <Form.Item name='projects' label={t('项目', 'Projects')}>
        <ProjectsPicker names={names} />
      </Form.Item>
      <Button type='primary' htmlType='submit' loading={busy} data-testid='gd-day-save'>
        {day ? t('保存', 'Save') : t('创建', 'Create')}
      </Button>
    </Form>
  )
}

type MatchValues = Windowed<StaffGivingDayMatchBody>

function MatchModal({
  day,
  match,
  names,
  onClose,
  onSaved
}: {
  day: Day
  match: Match | 'new'
  names: Map<number, string>
  onClose(): void
  onSaved(d: Day): void
}) {
  const { t } = useLang()
  const [form] = Form.useForm<MatchValues>()
  const [err, setErr] = useState('')
  const [busy, setBusy] = useState(false)
  const m = match === 'new' ? null : match
  const initial: MatchValues = m
    ? {
        sponsor: m.sponsor,
        sponsorEn: m.sponsorEn,
        kind: m.kind,
        rate: m.rate,
        cap: m.cap,
        startsAt: toPicker(m.startsAt),
        endsAt: toPicker(m.endsAt),
        projects: m.projects,
        classYears: m.classYears,
        colleges: m.colleges
      }
    : { sponsor: '', kind: 'per_yuan', rate: '1', cap: '' }
  const save = async (v: MatchValues) => {
    setErr('')
    setBusy(true)
    try {
      const body: StaffGivingDayMatchBody = {
        sponsor: v.sponsor ?? '',
        sponsorEn: v.sponsorEn ?? '',
        kind: v.kind,
        rate: (v.rate ?? '').trim(),
        cap: (v.cap ?? '').trim(),
        ...(v.startsAt ? { startsAt: fromPicker(v.startsAt) } : {}),
        ...(v.endsAt ? { endsAt: fromPicker(v.endsAt) } : {}),
        projects: v.projects ?? [],
        classYears: (v.classYears ?? []).map((x) => x.trim()).filter(Boolean),
        colleges: (v.colleges ?? []).map((x) => x.trim()).filter(Boolean)
      }
      const path = m
        ? staffPath(StaffApi.givingDayMatch, { id: day.id, matchId: m.id })
        : staffPath(StaffApi.givingDayMatches, { id: day.id })
      onSaved(await post<Day>(path, body))
    } catch (e) {
      setErr(placeRefusal(form, e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open
      title={m ? t('编辑配捐', 'Edit match') : t('添加配捐', 'Add a match')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('保存', 'Save')}
      cancelText={t('取消', 'Cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'gd-match-save' } as Record<string, string>}
      width={640}
      destroyOnClose
    >
      <Form
        form={form}
        layout='vertical'
        initialValues={initial}
        onFinish={save}
        onValuesChange={clearOnChange(form)}
        data-testid='gd-match-form'
      >
        {err && <Alert type='error' showIcon message={err} style={{ marginBottom: 12 }} />}
        <Space wrap>
          <Form.Item name='sponsor' label={t('出资方', 'Sponsor')}>
            <Input style={{ width: 260 }} data-testid='gd-match-sponsor' />
          </Form.Item>
          <Form.Item name='sponsorEn' label={t('出资方英文名', 'Sponsor in English')}>
            <Input style={{ width: 260 }} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name='kind' label={t('方式', 'Kind')}>
            <Select
              style={{ width: 200 }}
              aria-label={t('方式', 'Kind')}
              options={[
                { value: 'per_yuan', label: t('按金额（每 ¥1）', 'Per ¥1 given') },
                { value: 'per_donor', label: t('按人（每位捐赠人）', 'Per donor') }
              ]}
              data-testid='gd-match-kind'
            />
          </Form.Item>
          <Form.Item name='rate' label={t('配捐比例（元）', 'Rate (¥)')}>
            <Input style={{ width: 140 }} data-testid='gd-match-rate' />
          </Form.Item>
          <Form.Item name='cap' label={t('配捐上限（元）', 'Cap (¥)')}>
            <Input style={{ width: 160 }} data-testid='gd-match-cap' />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name='startsAt' label={t('开始（留空为捐赠日开始）', 'Start (empty: the day’s)')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format={FORMAT} />
          </Form.Item>
          <Form.Item name='endsAt' label={t('结束（留空为捐赠日结束）', 'End (empty: the day’s)')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format={FORMAT} />
          </Form.Item>
        </Space>
        <Typography.Text type='secondary'>{t('限制条件（留空为不限）', 'Restrictions (empty: none)')}</Typography.Text>
        <Form.Item name='projects' label={t('仅限项目', 'Only projects')}>
          <ProjectsPicker names={names} />
        </Form.Item>
        <Form.Item name='classYears' label={t('仅限入学年份（四位数字）', 'Only class years (four digits)')}>
          <Select mode='tags' aria-label={t('仅限入学年份', 'Only class years')} tokenSeparators={[',', ' ', '，']} />
        </Form.Item>
        <Form.Item name='colleges' label={t('仅限学院', 'Only colleges')}>
          <Select mode='tags' aria-label={t('仅限学院', 'Only colleges')} tokenSeparators={[',', '，']} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

type ChallengeValues = Windowed<StaffGivingDayChallengeBody>

function ChallengeModal({
  day,
  challenge,
  onClose,
  onSaved
}: {
  day: Day
  challenge: Challenge | 'new'
  onClose(): void
  onSaved(d: Day): void
}) {
  const { t } = useLang()
  const [form] = Form.useForm<ChallengeValues>()
  const [err, setErr] = useState('')
  const [busy, setBusy] = useState(false)
  const c = challenge === 'new' ? null : challenge
  const initial: ChallengeValues = c
    ? {
        sponsor: c.sponsor,
        sponsorEn: c.sponsorEn,
        kind: c.kind,
        target: c.kind === 'donors' ? String(c.targetDonors) : c.targetAmount,
        reward: c.reward,
        startsAt: toPicker(c.startsAt),
        endsAt: toPicker(c.endsAt)
      }
    : { sponsor: '', kind: 'donors', target: '', reward: '' }
  const save = async (v: ChallengeValues) => {
    setErr('')
    setBusy(true)
    try {
      const body: StaffGivingDayChallengeBody = {
        sponsor: v.sponsor ?? '',
        sponsorEn: v.sponsorEn ?? '',
        kind: v.kind,
        target: String(v.target ?? '').trim(),
        reward: (v.reward ?? '').trim(),
        ...(v.startsAt ? { startsAt: fromPicker(v.startsAt) } : {}),
        ...(v.endsAt ? { endsAt: fromPicker(v.endsAt) } : {})
      }
      const path = c
        ? staffPath(StaffApi.givingDayChallenge, { id: day.id, challengeId: c.id })
        : staffPath(StaffApi.givingDayChallenges, { id: day.id })
      onSaved(await post<Day>(path, body))
    } catch (e) {
      setErr(placeRefusal(form, e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open
      title={c ? t('编辑挑战', 'Edit challenge') : t('添加挑战', 'Add a challenge')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('保存', 'Save')}
      cancelText={t('取消', 'Cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'gd-challenge-save' } as Record<string, string>}
      width={640}
      destroyOnClose
    >
      <Form
        form={form}
        layout='vertical'
        initialValues={initial}
        onFinish={save}
        onValuesChange={clearOnChange(form)}
        data-testid='gd-challenge-form'
      >
        {err && <Alert type='error' showIcon message={err} style={{ marginBottom: 12 }} />}
        {c?.unlockedAt ? (
          <Alert
            type='info'
            showIcon
            message={t('已解锁：目标不能再修改', 'Unlocked: the target can no longer change')}
            style={{ marginBottom: 12 }}
          />
        ) : null}
        <Space wrap>
          <Form.Item name='sponsor' label={t('出资方', 'Sponsor')}>
            <Input style={{ width: 260 }} data-testid='gd-challenge-sponsor' />
          </Form.Item>
          <Form.Item name='sponsorEn' label={t('出资方英文名', 'Sponsor in English')}>
            <Input style={{ width: 260 }} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name='kind' label={t('目标类型', 'Target kind')}>
            <Select
              style={{ width: 200 }}
              aria-label={t('目标类型', 'Target kind')}
              options={[
                { value: 'donors', label: t('参与人数', 'Donors') },
                { value: 'amount', label: t('筹款金额（元）', 'Money (¥)') }
              ]}
              data-testid='gd-challenge-kind'
            />
          </Form.Item>
          <Form.Item name='target' label={t('目标（人数或金额）', 'Target (donors or ¥)')}>
            <Input style={{ width: 160 }} data-testid='gd-challenge-target' />
          </Form.Item>
          <Form.Item name='reward' label={t('解锁金额（元）', 'Unlocked amount (¥)')}>
            <Input style={{ width: 160 }} data-testid='gd-challenge-reward' />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name='startsAt' label={t('开始（留空为捐赠日开始）', 'Start (empty: the day’s)')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format={FORMAT} />
          </Form.Item>
          <Form.Item name='endsAt' label={t('结束（留空为捐赠日结束）', 'End (empty: the day’s)')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format={FORMAT} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  )
}

function DayDrawer({
  day,
  names,
  onClose,
  onChanged
}: {
  day: Day | 'new'
  names: Map<number, string>
  onClose(): void
  onChanged(d: Day): void
}) {
  const { t } = useLang()
  const d = day === 'new' ? null : day
  const [match, setMatch] = useState<Match | 'new' | null>(null)
  const [challenge, setChallenge] = useState<Challenge | 'new' | null>(null)
  const changed = (next: Day) => {
    setMatch(null)
    setChallenge(null)
    onChanged(next)
  }
  return (
    <Drawer
      open
      width={860}
      title={d ? d.title : t('新建捐赠日', 'New giving day')}
      onClose={onClose}
      destroyOnClose
      data-testid='gd-drawer'
    >
      <Space direction='vertical' size='large' style={{ width: '100%' }}>
        <DayForm day={d} names={names} onSaved={changed} />
        {d ? (
          <>
            <Card
              size='small'
              title={t('配捐', 'Matches')}
              extra={
                <Button onClick={() => setMatch('new')} data-testid='gd-match-add'>
                  {t('添加配捐', 'Add a match')}
                </Button>
              }
            >
              <Table<Match>
                size='small'
                rowKey='id'
                pagination={false}
                dataSource={d.matches}
                data-testid='gd-matches'
                locale={{ emptyText: <EmptyState text={t('暂无配捐', 'No match')} /> }}
                columns={[
                  { title: t('出资方', 'Sponsor'), dataIndex: 'sponsor' },
                  { title: t('方式', 'Kind'), key: 'k', render: (_, m) => matchKind(m, t) },
                  {
                    title: t('已用 / 上限', 'Used / cap'),
                    key: 'u',
                    width: 220,
                    render: (_, m) => (
                      <div data-testid='gd-match-used'>
                        ¥{m.used} / ¥{m.cap}
                        <Progress percent={pct(m.used, m.cap)} size='small' aria-label={`${m.sponsor}: ${t('已用', 'used')}`} />
                      </div>
                    )
                  },
                  {
                    title: t('时间（北京）', 'Window (Beijing)'),
                    key: 'w',
                    render: (_, m) => `${beijingTime(m.startsAt)} – ${beijingTime(m.endsAt).slice(11)}`
                  },
                  {
                    title: t('限制', 'Restrictions'),
                    key: 'r',
                    render: (_, m) =>
                      [
                        m.projects.length ? m.projects.map((id) => names.get(id) ?? `#${id}`).join('、') : '',
                        m.classYears.join('、'),
                        m.colleges.join('、')
                      ]
                        .filter(Boolean)
                        .join(' · ') || t('不限', 'None')
                  },
                  {
                    title: '',
                    key: 'e',
                    width: 80,
                    render: (_, m) => (
                      <Button size='small' onClick={() => setMatch(m)} aria-label={`${t('编辑', 'Edit')} ${m.sponsor}`}>
                        {t('编辑', 'Edit')}
                      </Button>
                    )
                  }
                ]}
              />
            </Card>
            <Card
              size='small'
              title={t('挑战', 'Challenges')}
              extra={
                <Button onClick={() => setChallenge('new')} data-testid='gd-challenge-add'>
                  {t('添加挑战', 'Add a challenge')}
                </Button>
              }
            >
              <Table<Challenge>
                size='small'
                rowKey='id'
                pagination={false}
                dataSource={d.challenges}
                data-testid='gd-challenges'
                locale={{ emptyText: <EmptyState text={t('暂无挑战', 'No challenge')} /> }}
                columns={[
                  { title: t('出资方', 'Sponsor'), dataIndex: 'sponsor' },
                  {
                    title: t('目标', 'Target'),
                    key: 't',
                    render: (_, c) => (c.kind === 'donors' ? t(`${c.targetDonors} 人`, `${c.targetDonors} donors`) : `¥${c.targetAmount}`)
                  },
                  { title: t('解锁金额', 'Reward'), key: 'r', render: (_, c) => `¥${c.reward}` },
                  {
                    title: t('进度', 'Progress'),
                    key: 'p',
                    width: 200,
                    render: (_, c) =>
                      c.kind === 'donors' ? (
                        <Progress percent={share(c.donors, c.targetDonors)} size='small' format={() => `${c.donors}/${c.targetDonors}`} />
                      ) : (
                        <Progress percent={pct(c.raised, c.targetAmount)} size='small' format={() => `¥${c.raised}`} />
                      )
                  },
                  {
                    title: t('状态', 'State'),
                    key: 's',
                    render: (_, c) =>
                      c.unlockedAt ? (
                        <Tag color='green' data-testid='gd-challenge-unlocked'>
                          {t('已解锁', 'Unlocked')} {beijingTime(c.unlockedAt)}
                        </Tag>
                      ) : (
                        <Tag>{t('未解锁', 'Locked')}</Tag>
                      )
                  },
                  {
                    title: '',
                    key: 'e',
                    width: 80,
                    render: (_, c) => (
                      <Button size='small' onClick={() => setChallenge(c)} aria-label={`${t('编辑', 'Edit')} ${c.sponsor}`}>
                        {t('编辑', 'Edit')}
                      </Button>
                    )
                  }
                ]}
              />
            </Card>
            {match ? <MatchModal day={d} match={match} names={names} onClose={() => setMatch(null)} onSaved={changed} /> : null}
            {challenge ? <ChallengeModal day={d} challenge={challenge} onClose={() => setChallenge(null)} onSaved={changed} /> : null}
          </>
        ) : null}
      </Space>
    </Drawer>
  )
}

export function GivingDaysPage() {
  const { t } = useLang()
  const loaded = useLoad(() => get<StaffGivingDayList>(StaffApi.givingDays), [])
  const [editing, setEditing] = useState<Day | 'new' | null>(null)
  const names = useRef(new Map<number, string>()).current
  // every project's name once, page by page: a day's chosen projects (and the matches' restrictions) are shown by name
  // even when the picker's first search page does not hold them
  const [, setNamesIn] = useState(0)
  useEffect(() => {
    let gone = false
    const page = 100
    const loadNames = async () => {
      for (let offset = 0; ; offset += page) {
        const rows = await get<ProjectChoices>(StaffApi.offlineGiftProjects, { limit: page, offset })
        for (const p of rows.rows) names.set(p.id, p.name)
        if (gone || !rows.rows.length || offset + rows.rows.length >= rows.total) break
      }
      if (!gone) setNamesIn((n) => n + 1)
    }
    loadNames().catch(() => undefined) // the picker's own search still names what it finds
    return () => {
      gone = true
    }
  }, []) // eslint-disable-line react-hooks/exhaustive-deps
  if (loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />
  const now = Date.now()
  const stateOf = (d: Day) =>
    now < Date.parse(d.startsAt) ? (
      <Tag>{t('未开始', 'Upcoming')}</Tag>
    ) : now < Date.parse(d.endsAt) ? (
      <Tag color='green'>{t('进行中', 'Open')}</Tag>
    ) : (
      <Tag color='default'>{t('已结束', 'Ended')}</Tag>
    )
  return (
    <Space direction='vertical' size='middle' style={{ width: '100%' }} data-testid='giving-days'>
      <Space>
        <Button type='primary' onClick={() => setEditing('new')} data-testid='gd-new'>
          {t('新建捐赠日', 'New giving day')}
        </Button>
        <Typography.Text type='secondary'>
          {t('时间均为北京时间；捐赠日落地页：/giving-day?id=编号', 'Times are Beijing time; the landing page: /giving-day?id=<id>')}
        </Typography.Text>
      </Space>
      <Table<Day>
        rowKey='id'
        loading={!loaded.data}
        dataSource={loaded.data?.rows ?? []}
        pagination={false}
        data-testid='gd-list'
        locale={{ emptyText: <EmptyState text={t('还没有捐赠日', 'No giving day')} /> }}
        columns={[
          { title: t('编号', 'ID'), dataIndex: 'id', width: 70 },
          { title: t('名称', 'Title'), dataIndex: 'title' },
          { title: t('状态', 'State'), key: 's', width: 90, render: (_, d) => stateOf(d) },
          { title: t('开始', 'Start'), key: 'a', render: (_, d) => beijingTime(d.startsAt) },
          { title: t('结束', 'End'), key: 'b', render: (_, d) => beijingTime(d.endsAt) },
          { title: t('筹款目标', 'Money goal'), key: 'g', render: (_, d) => (fenOf(d.goal) > 0 ? `¥${formatYuan(d.goal)}` : '—') },
          { title: t('人数目标', 'Donors goal'), key: 'p', render: (_, d) => d.participationGoal || '—' },
          {
            title: t('项目', 'Projects'),
            key: 'j',
            render: (_, d) => (d.projects.length ? t(`${d.projects.length} 个`, `${d.projects.length}`) : t('全部', 'All'))
          },
          {
            title: t('配捐已用 / 上限', 'Matched / caps'),
            key: 'm',
            render: (_, d) =>
              d.matches.length
                ? `¥${formatYuan(d.matches.reduce((s, m) => s + fenOf(m.used), 0))} / ¥${formatYuan(d.matches.reduce((s, m) => s + fenOf(m.cap), 0))}`
                : '—'
          },
          {
            title: t('挑战解锁', 'Challenges unlocked'),
            key: 'c',
            render: (_, d) => (d.challenges.length ? `${d.challenges.filter((c) => c.unlockedAt).length} / ${d.challenges.length}` : '—')
          },
          {
            title: '',
            key: 'e',
            width: 90,
            render: (_, d) => (
              <Button
                size='small'
                onClick={() => setEditing(d)}
                data-testid={`gd-edit-${d.id}`}
                aria-label={`${t('编辑', 'Edit')} ${d.title}`}
              >
                {t('编辑', 'Edit')}
              </Button>
            )
          }
        ]}
      />
      {editing ? (
        <DayDrawer
          day={editing}
          names={names}
          onClose={() => setEditing(null)}
          onChanged={(d) => {
            setEditing(d)
            loaded.reload()
          }}
        />
      ) : null}
    </Space>
  )
}
