/**
 * The console shell: language, sign-in, and the layout whose side menu shows only the screens the member's roles
 * allow (the server checks the same roles on every route: hiding a menu entry is convenience, not the guard).
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { App as AntApp, Button, ConfigProvider, Layout, Menu, Result, Segmented, Space, Spin, Tag, Typography } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import enUS from 'antd/locale/en_US'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { get, post, session, setApiLang, setOnExpired, type Lang } from './api'
import { initialLang, LangCtx, rememberLang, translator, useLang, type LangContext } from './i18n'
import { allowed, MeCtx, roleLabel, type Me } from './me'
import { navigate, usePath } from './router'
import { SCREENS, screenFor } from './screens'
import { LoginPage, schoolFromUrl } from './pages/login'
import { StaffApi } from '@contract'

/**
 * antd's defaults put secondary text, empty states, status tags and danger buttons under 4.5:1 on white (its grey
 * text is rgba(0,0,0,.45), 2.8:1; its green tag text 3.4:1). These seeds keep every text colour at 4.5:1 or more on
 * white and on the tags' tinted grounds (docs/decisions/060-axe-everywhere.md; test/e2e/console-a11y.e2e.js).
 */
const CONSOLE_THEME = {
  token: {
    colorPrimary: '#c8102e',
    borderRadius: 4,
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    // a select's placeholder is a <span> axe measures (antd's 0.25 alpha is 1.8:1, this 6.2:1)
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.62)',
    colorError: '#c8102e',
    colorSuccess: '#237804',
    colorWarning: '#ad4e00',
    colorLink: '#0958d9',
    colorInfo: '#0958d9',
    green: '#237804',
    orange: '#ad4e00',
    gold: '#876800',
    red: '#a8071a',
    blue: '#0958d9',
    cyan: '#006d75',
    purple: '#531dab',
    volcano: '#ad2102',
    magenta: '#9e1068',
    geekblue: '#1d39c4',
    lime: '#3f6600'
  }
}

export function App() {
  const [lang, setLangState] = useState<Lang>(initialLang)
  setApiLang(lang)
  const setLang = useCallback((l: Lang) => {
    rememberLang(l)
    setLangState(l)
  }, [])
  useEffect(() => {
    dayjs.locale(lang === 'en' ? 'en' : 'zh-cn')
    document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN'
  }, [lang])
  const ctx: LangContext = useMemo(() => ({ lang, setLang, t: translator(lang) }), [lang, setLang])
  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={CONSOLE_THEME}>
      <AntApp>
        <LangCtx.Provider value={ctx}>
          <Root />
        </LangCtx.Provider>
      </AntApp>
    </ConfigProvider>
  )
}

function Root() {
  const [me, setMe] = useState<Me | null>(null)
  const [state, setState] = useState<'loading' | 'signedOut' | 'signedIn' | 'error'>('loading')
  const [error, setError] = useState('')
  const { t } = useLang()

  const loadMe = useCallback(() => {
    // a console opened for another school than the signed-in one signs in again
    const urlSchool = schoolFromUrl()
    if (!session.token() || (urlSchool && urlSchool !== session.school())) {
      setState('signedOut')
      return
    }
    setState('loading')
    get<Me>(StaffApi.me).then(
      (m) => {
        setMe(m)
        setState('signedIn')
      },
      (e: Error & { code?: number }) => {
        if (e.code === -997) setState('signedOut')
        else {
          setError(e.message)
          setState('error')
        }
      }
    )
  }, [])
  useEffect(() => {
    setOnExpired(() => {
      setMe(null)
      setState('signedOut')
    })
    loadMe()
  }, [loadMe])

  if (state === 'loading') return <Spin fullscreen tip={t('加载中…', 'Loading…')} />
  if (state === 'error')
    return (
      <Result
        status='error'
        title={t('无法连接服务器', 'Cannot reach the server')}
        subTitle={error}
        extra={<Button onClick={loadMe}>{t('重试', 'Retry')}</Button>}
      />
    )
  if (state === 'signedOut' || !me) return <LoginPage onSignedIn={loadMe} />
  return (
    <MeCtx.Provider value={me}>
      <Shell
        me={me}
        onSignOut={async () => {
          await post(StaffApi.logout).catch(() => undefined)
          session.clear()
          setMe(null)
          setState('signedOut')
        }}
      />
    </MeCtx.Provider>
  )
}

function Shell({ me, onSignOut }: { me: Me; onSignOut: () => void }) {
  const { t, lang, setLang } = useLang()
  const path = usePath()
  const visible = SCREENS.filter((s) => allowed(me, s.roles))
  const groups = [...new Set(visible.map((s) => s.group))]
  const screen = screenFor(path)
  let body: ReactNode
  if (!screen) body = <Result status='404' title={t('没有这个页面', 'No such page')} />
  else if (!allowed(me, screen.roles))
    body = <Result status='403' title={t('当前账号无权查看此页面', 'Your account may not open this page')} />
  else body = screen.render(path)

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={208} theme='light' style={{ borderRight: '1px solid #f0f0f0' }}>
        <div style={{ padding: '16px 20px', fontWeight: 600, fontSize: 15, lineHeight: 1.4 }} data-testid='school-name'>
          {me.school.name}
          <div style={{ fontSize: 12, color: '#6b7079', fontWeight: 400 }}>{t('捐赠管理后台', 'Giving console')}</div>
        </div>
        <Menu
          mode='inline'
          selectedKeys={[screen?.key ?? '']}
          defaultOpenKeys={groups}
          data-testid='side-menu'
          items={groups.map((g) => {
            const inGroup = visible.filter((s) => s.group === g)
            return inGroup.length === 1 && !inGroup[0].groupLabel
              ? { key: inGroup[0].key, label: inGroup[0].label(t), icon: inGroup[0].icon, onClick: () => navigate(inGroup[0].key) }
              : {
                  key: g,
                  label: inGroup[0].groupLabel?.(t) ?? g,
                  icon: inGroup[0].icon,
                  children: inGroup.map((s) => ({
                    key: s.key,
                    label: <span data-menu={s.key}>{s.label(t)}</span>,
                    onClick: () => navigate(s.key)
                  }))
                }
          })}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 24px',
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            borderBottom: '1px solid #f0f0f0'
          }}
        >
          <Typography.Title level={4} style={{ margin: 0 }}>
            {screen ? screen.label(t) : ''}
          </Typography.Title>
          <Space size='middle'>
            <Segmented
              size='small'
              value={lang}
              onChange={(v) => setLang(v as Lang)}
              options={[
                { label: '中文', value: 'zh_CN' },
                { label: 'English', value: 'en' }
              ]}
            />
            <span data-testid='me'>
              {me.displayName || me.username}{' '}
              {me.roles.map((r) => (
                <Tag key={r}>{roleLabel(r, t)}</Tag>
              ))}
            </span>
            <Button onClick={onSignOut} data-testid='sign-out'>
              {t('退出', 'Sign out')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>{body}</Layout.Content>
      </Layout>
    </Layout>
  )
}
