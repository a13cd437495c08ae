/**
 * Campaign settings (docs/decisions/047-agreements-for-staff.md): which project runs each naming campaign, its
 * English name (its project's, edited in the project editor: decision 086), background music and alumni-only switch,
 * the alumni mini-program hand-off, the bank account on the large-gift account page and each map's panorama link. The
 * server checks every part and writes all or nothing; map images and points are edited under Naming inventory → Map
 * configs.
 */
import { useEffect, useState } from 'react'
import { Alert, App, Button, Card, Input, Select, Space, Switch, Table, Typography } from 'antd'
import { get, post } from '../api'
import { LoadError } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { navigate } from '../router'
import { StaffApi } from '@contract'
import type { StaffCampaignBody, StaffCampaignSettings as Settings } from '@contract/schema/staff-agreement'

type T = (zh: string, en: string) => string

const LABELS: Record<string, [string, string]> = {
  treeNaming: ['纪念树认捐', 'Tree naming'],
  treeNamingCpu: ['纪念树认捐（药大）', 'Tree naming (cpu)'],
  treeNamingXzit: ['纪念树认捐（徐工）', 'Tree naming (xzit)'],
  hhuSeat: ['座椅冠名（河海）', 'Seat naming (hhu)'],
  hhuTreeDefault: ['河海纪念树（默认）', 'hhu trees (default)'],
  hhuTreeYc: ['河海纪念树（地图）', 'hhu trees (map)'],
  hhuTreeJn: ['河海纪念树（江宁地图）', 'hhu trees (Jiangning map)'],
  jnuSeat: ['座椅冠名（暨大）', 'Seat naming (jnu)'],
  buildNaming: ['楼宇冠名', 'Building naming'],
  seatNaming: ['长椅冠名', 'Bench naming'],
  wallNaming: ['校友墙', 'Alumni wall'],
  artworkNaming: ['艺术品认捐', 'Artwork naming'],
  treeNamingGmu: ['纪念树认捐（甘医）', 'Tree naming (gmu)'],
  hallNaming: ['礼堂座椅', 'Hall seats']
}
const label = (key: string, t: T) => (LABELS[key] ? t(LABELS[key][0], LABELS[key][1]) : key)

export function CampaignsPage() {
  const { t } = useLang()
  const { message } = App.useApp()
  const loaded = useLoad(() => get<Settings>(StaffApi.campaigns), [])
  const [s, setS] = useState<Settings | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  useEffect(() => setS(loaded.data), [loaded.data])
  if (loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />
  if (!s) return null
  const projectName = (id: number) => s.projects.find((p) => p.id === id)?.name ?? String(id)
  const setItem = (key: string, itemId: number | null) =>
    setS({ ...s, campaigns: s.campaigns.map((c) => (c.key === key ? { ...c, itemId } : c)) })
  const handoff = s.alumniHandoff ?? { appid: '', path: '', originalId: '' }
  const bank = s.bank ?? { bankName: '', accountName: '', accountNo: '' }

  const saveAll = async () => {
    setBusy(true)
    setError('')
    const used = new Set(s.campaigns.map((c) => c.itemId).filter((x): x is number => x !== null))
    try {
      const next = await post<Settings>(StaffApi.campaigns, {
        campaignItems: Object.fromEntries(s.campaigns.map((c) => [c.key, c.itemId])),
        music: Object.fromEntries([...used].map((id) => [String(id), s.music[String(id)] ?? ''])),
        alumniOnly: Object.fromEntries(s.projects.filter((p) => used.has(p.id)).map((p) => [String(p.id), p.alumniOnly])),
        alumniHandoff: handoff.appid.trim() ? handoff : null,
        bank: bank.accountNo.trim() ? bank : null,
        vrUrls: Object.fromEntries(s.maps.map((m) => [String(m.id), m.vrUrl]))
      } satisfies StaffCampaignBody)
      setS(next)
      message.success(t('已保存', 'Saved'))
    } catch (e) {
      setError((e as Error).message)
      // the refusal names the field; it is shown above the first card
      window.scrollTo(0, 0)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Space direction='vertical' size='middle' style={{ width: '100%' }} data-testid='campaigns'>
      {error && <Alert type='error' showIcon message={error} data-testid='campaigns-error' />}
      <Card size='small' title={t('冠名活动', 'Naming campaigns')}>
        <Table
          size='small'
          rowKey='key'
          pagination={false}
          dataSource={s.campaigns}
          columns={[
            { title: t('活动', 'Campaign'), key: 'k', width: 200, render: (_, c) => label(c.key, t) },
            {
              title: t('项目', 'Project'),
              key: 'p',
              render: (_, c) => (
                <Select
                  allowClear
                  style={{ width: 260 }}
                  value={c.itemId ?? undefined}
                  placeholder={t('未设置', 'Not set')}
                  // a control in a table cell has no label of its own: its name says the column and the row
                  aria-label={`${label(c.key, t)}: ${t('项目', 'Project')}`}
                  onChange={(v) => setItem(c.key, v ?? null)}
                  options={s.projects.map((p) => ({ value: p.id, label: `${p.id} ${p.name}` }))}
                  data-testid={`campaign-${c.key}`}
                />
              )
            },
            {
              // the campaign's name, intro and page are its project's: their English is entered in the project editor
              title: t('英文名称', 'Name in English'),
              key: 'en',
              width: 220,
              render: (_, c) => {
                if (!c.itemId) return null
                const en = s.projects.find((p) => p.id === c.itemId)?.nameEn ?? ''
                return (
                  <Space size={4} wrap>
                    {en ? (
                      <Typography.Text data-testid={`campaign-en-${c.key}`}>{en}</Typography.Text>
                    ) : (
                      <Typography.Text type='warning' data-testid={`campaign-en-${c.key}`}>
                        {t('无英文', 'No English')}
                      </Typography.Text>
                    )}
                    <Button
                      type='link'
                      size='small'
                      onClick={() => navigate(`projects/${c.itemId}`)}
                      aria-label={`${label(c.key, t)}: ${t('编辑英文', 'Edit the English')}`}
                      data-testid={`campaign-en-edit-${c.key}`}
                    >
                      {t('编辑英文', 'Edit the English')}
                    </Button>
                  </Space>
                )
              }
            },
            {
              title: t('背景音乐（/files/… 或 https，mp3/m4a/aac/wav/ogg）', 'Music (/files/… or https; mp3, m4a, aac, wav, ogg)'),
              key: 'm',
              render: (_, c) =>
                c.itemId ? (
                  <Input
                    value={s.music[String(c.itemId)] ?? ''}
                    placeholder={t('无', 'None')}
                    aria-label={`${label(c.key, t)}: ${t('背景音乐', 'Music')}`}
                    onChange={(e) => setS({ ...s, music: { ...s.music, [String(c.itemId)]: e.target.value } })}
                  />
                ) : null
            },
            {
              title: t('仅限校友', 'Alumni only'),
              key: 'a',
              width: 100,
              render: (_, c) =>
                c.itemId ? (
                  <Switch
                    checked={!!s.projects.find((p) => p.id === c.itemId)?.alumniOnly}
                    aria-label={`${label(c.key, t)}: ${t('仅限校友', 'Alumni only')}`}
                    onChange={(on) => setS({ ...s, projects: s.projects.map((p) => (p.id === c.itemId ? { ...p, alumniOnly: on } : p)) })}
                  />
                ) : null
            }
          ]}
        />
      </Card>
      <Space align='start' size='middle' wrap>
        <Card size='small' title={t('校友认证小程序（跳转）', 'Alumni mini-program hand-off')} style={{ width: 420 }}>
          <Space direction='vertical' style={{ width: '100%' }}>
            <Input
              addonBefore='AppID'
              aria-label='AppID'
              value={handoff.appid}
              placeholder='wx0123456789abcdef'
              onChange={(e) => setS({ ...s, alumniHandoff: { ...handoff, appid: e.target.value } })}
            />
            <Input
              addonBefore={t('页面路径', 'Path')}
              aria-label={t('页面路径', 'Path')}
              value={handoff.path}
              onChange={(e) => setS({ ...s, alumniHandoff: { ...handoff, path: e.target.value } })}
            />
            <Input
              addonBefore={t('原始ID', 'Original ID')}
              aria-label={t('原始ID', 'Original ID')}
              value={handoff.originalId}
              placeholder='gh_0123456789ab'
              onChange={(e) => setS({ ...s, alumniHandoff: { ...handoff, originalId: e.target.value } })}
            />
            <Typography.Text type='secondary'>{t('AppID 留空即不跳转。', 'Leave the AppID empty for no hand-off.')}</Typography.Text>
          </Space>
        </Card>
        <Card size='small' title={t('大额捐赠收款账户', 'Large-gift bank account')} style={{ width: 420 }}>
          <Space direction='vertical' style={{ width: '100%' }}>
            <Input
              addonBefore={t('开户行', 'Bank')}
              aria-label={t('开户行', 'Bank')}
              value={bank.bankName}
              onChange={(e) => setS({ ...s, bank: { ...bank, bankName: e.target.value } })}
              data-testid='bank-name'
            />
            <Input
              addonBefore={t('户名', 'Name')}
              aria-label={t('户名', 'Name')}
              value={bank.accountName}
              onChange={(e) => setS({ ...s, bank: { ...bank, accountName: e.target.value } })}
              data-testid='bank-holder'
            />
            <Input
              addonBefore={t('账号', 'Account')}
              aria-label={t('账号', 'Account')}
              value={bank.accountNo}
              onChange={(e) => setS({ ...s, bank: { ...bank, accountNo: e.target.value } })}
              data-testid='bank-account'
            />
            <Typography.Text type='secondary'>
              {t('账号留空即不显示账户页。', 'Leave the account empty to hide the account page.')}
            </Typography.Text>
          </Space>
        </Card>
      </Space>
      <Card size='small' title={t('地图全景链接', 'Map panorama links')}>
        <Table
          size='small'
          rowKey='id'
          pagination={false}
          dataSource={s.maps}
          columns={[
            { title: t('地图', 'Map'), dataIndex: 'mapKey', width: 120 },
            { title: t('项目', 'Project'), key: 'p', width: 260, render: (_, m) => projectName(m.itemId) },
            {
              title: t('全景链接（https）', 'Panorama link (https)'),
              key: 'v',
              render: (_, m) => (
                <Input
                  value={m.vrUrl}
                  placeholder={t('无', 'None')}
                  aria-label={`${m.mapKey}: ${t('全景链接', 'Panorama link')}`}
                  onChange={(e) => setS({ ...s, maps: s.maps.map((x) => (x.id === m.id ? { ...x, vrUrl: e.target.value } : x)) })}
                />
              )
            }
          ]}
        />
        <Typography.Text type='secondary'>
          {t('地图图片与点位在“冠名库存 → 地图配置”中编辑。', 'Map images and points are edited under Naming inventory → Map configs.')}
        </Typography.Text>
      </Card>
      <Button type='primary' loading={busy} onClick={saveAll} data-testid='campaigns-save'>
        {t('保存', 'Save')}
      </Button>
    </Space>
  )
}
