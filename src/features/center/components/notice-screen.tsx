/**
 * mine-notice (docs/product §2 Personal centre, docs/decisions/044-notifications.md): the donor's address for news,
 * the language of the e-mails (the address's problems, and the server's, under it: decision 081), and per kind of news
 * whether it comes by e-mail. Nothing is on until the donor turns
 * it on, except the e-mail receipt (to the address given when applying for it). In the mini-programs, the kinds the
 * school has a message template for can also come as a WeChat or Alipay message (decision 049): turning one on asks
 * the platform's subscribe dialog, and each accepted subscription allows one message.
 */
import { useEffect, useState } from 'react'
import { Input, Switch, Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { NOTICE_KINDS, type NoticeChannel, type NoticeKind, type NoticePreferences } from '@contract'
import { requestNoticeConsent, templateIdsFor } from '@/features/notice'
import { noticeConsent } from '@/platform/notice'
import { toast } from '@/lib/quiet'
import { FieldErrorLine, FieldErrors, fieldAria, fieldRowId, useFormErrors } from '@/components/form-kit'
import { fieldLabel, inLanguage } from '@/lib/a11y'
import { useTheme } from '@/lib/hooks/use-page-title'
import type { MessageKey } from '@/lib/i18n'
import { useT } from '@/store/session'
import { fetchNoticePreferences, saveNoticePreferences } from '../api/center'
import RequireToken from './require-token'
import 'taro-ui/lib/style/components/button.scss'
import './notice-screen.scss'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function NoticeForm() {
  const t = useT()
  const theme = useTheme()
  const [prefs, setPrefs] = useState<NoticePreferences | null>(null)
  const [busy, setBusy] = useState(false)
  const problems = useFormErrors(prefs)
  useEffect(() => {
    fetchNoticePreferences()
      .then(setPrefs)
      .catch(() => undefined)
  }, [])
  if (!prefs) return <View className='notice' data-testid='notice-loading' />

  const on = (kind: NoticeKind, channel: NoticeChannel = 'email') =>
    prefs.choices.some((c) => c.kind === kind && c.channel === channel && c.enabled)
  const toggle = (kind: NoticeKind, enabled: boolean, channel: NoticeChannel = 'email') =>
    setPrefs({
      ...prefs,
      choices: prefs.choices.map((c) => (c.kind === kind && c.channel === channel ? { ...c, enabled } : c))
    })
  const platform = noticeConsent.channel
  const platformKinds = platform ? NOTICE_KINDS.filter((k) => templateIdsFor([k]).length > 0) : []
  const togglePlatform = (kind: NoticeKind, enabled: boolean) => {
    if (!platform) return
    // the switch is the donor's own gesture: the dialog may show from it (no await before the call)
    if (enabled) void requestNoticeConsent([kind])
    toggle(kind, enabled, platform)
  }
  const save = async () => {
    if (busy) return
    const email = prefs.email.trim()
    if (email && !EMAIL.test(email)) return problems.show(t('notice.emailInvalid'), 'email')
    if (!email && prefs.choices.some((c) => c.enabled && c.channel === 'email' && c.kind !== 'receipt'))
      return problems.show(t('notice.needEmail'), 'email')
    setBusy(true)
    try {
      setPrefs(await saveNoticePreferences({ ...prefs, email }))
      toast(t('notice.saved'))
    } catch (e) {
      // a refusal of the address shows under it; request() toasted any other
      problems.refused(e)
    } finally {
      setBusy(false)
    }
  }

  return (
    <View className='notice' data-testid='notice-screen'>
      <Text className='notice__intro'>{t('notice.intro')}</Text>
      <View className='notice__group' id={fieldRowId('email')}>
        <Text className='notice__label'>{t('notice.email')}</Text>
        <Input
          {...fieldAria(t('notice.email'), 'email', problems.errors.email)}
          className='notice__input'
          type='text'
          value={prefs.email}
          maxlength={200}
          placeholder={t('notice.emailPlaceholder')}
          placeholderClass='notice__ph'
          onInput={(e) => setPrefs({ ...prefs, email: e.detail.value })}
          data-testid='notice-email'
        />
        <FieldErrors.Provider value={problems.errors}>
          <FieldErrorLine field='email' />
        </FieldErrors.Provider>
      </View>
      <View className='notice__group'>
        <Text className='notice__label'>{t('notice.lang')}</Text>
        <View className='notice__langs'>
          {(['zh_CN', 'en'] as const).map((lang) => (
            <View
              key={lang}
              className={`notice__lang ${prefs.lang === lang ? 'notice__lang--on' : ''}`}
              style={prefs.lang === lang ? { borderColor: theme, color: theme } : undefined}
              onClick={() => setPrefs({ ...prefs, lang })}
              data-testid={`notice-lang-${lang}`}
              // each language named in itself, and marked so (as the language switch)
              {...inLanguage(lang === 'en' ? 'en' : 'zh-CN')}
            >
              {lang === 'en' ? 'English' : '中文'}
            </View>
          ))}
        </View>
      </View>
      <View className='notice__group'>
        <Text className='notice__label'>{t('notice.kinds')}</Text>
        {NOTICE_KINDS.map((kind) => (
          <View key={kind} className='notice__row' data-testid={`notice-kind-${kind}`}>
            <View className='notice__row-text'>
              <Text className='notice__kind'>{t(`notice.kind.${kind}` as MessageKey)}</Text>
              {kind === 'receipt' ? <Text className='notice__hint'>{t('notice.receiptHint')}</Text> : null}
            </View>
            <Switch
              {...fieldLabel(t(`notice.kind.${kind}` as MessageKey))}
              checked={on(kind)}
              color={theme}
              onChange={(e) => toggle(kind, e.detail.value)}
            />
          </View>
        ))}
      </View>
      {platform && platformKinds.length ? (
        <View className='notice__group' data-testid='notice-platform'>
          <Text className='notice__label'>{t(`notice.platformKinds.${platform}` as MessageKey)}</Text>
          <Text className='notice__hint'>{t('notice.platformHint')}</Text>
          {platformKinds.map((kind) => (
            <View key={kind} className='notice__row' data-testid={`notice-${platform}-${kind}`}>
              <View className='notice__row-text'>
                <Text className='notice__kind'>{t(`notice.kind.${kind}` as MessageKey)}</Text>
              </View>
              <Switch
                // the same kinds as above, on the platform's channel: the name says which
                {...fieldLabel(`${t(`notice.kind.${kind}` as MessageKey)}: ${t(`notice.platformKinds.${platform}` as MessageKey)}`)}
                checked={on(kind, platform)}
                color={theme}
                onChange={(e) => togglePlatform(kind, e.detail.value)}
              />
            </View>
          ))}
        </View>
      ) : null}
      <View className='notice__save' data-testid='notice-save'>
        <AtButton type='primary' loading={busy} disabled={busy} customStyle={{ background: theme, borderColor: theme }} onClick={save}>
          {t('notice.save')}
        </AtButton>
      </View>
    </View>
  )
}

export default function NoticeScreen() {
  return (
    <RequireToken>
      <NoticeForm />
    </RequireToken>
  )
}
