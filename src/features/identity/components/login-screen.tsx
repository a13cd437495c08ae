/**
 * Login (docs/product §2 Other): mobile + SMS code or account + password, the agreement checkbox with its dialog, the
 * school's loginBg behind. A problem shows under its input (decision 081); the unticked agreement is toasted. In bind mode (mine's 'bind mobile' prompt) only the SMS mode is offered.
 */
import { useState } from 'react'
import { Image, Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { LangSwitch } from '@/components/page-shell'
import { FieldErrors } from '@/components/form-kit'
import { platform } from '@/platform'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useSession, useT } from '@/store/session'
import { useLogin } from '../hooks/use-login'
import type { LoginMode } from '../model/login'
import AgreementDialog from './agreement-dialog'
import { AccountFields, MobileFields } from './login-fields'
import 'taro-ui/lib/style/components/button.scss'
import 'taro-ui/lib/style/components/loading.scss'
import './login-screen.scss'
import { imageAlt, pressable } from '@/lib/a11y'
import { PrivacyLink } from '@/features/privacy'

export default function LoginScreen() {
  const t = useT()
  const theme = useTheme()
  const base = useSession((s) => s.baseConfig)
  const { form, update, busy, bind, countdown, sendCode, submit, errors } = useLogin()
  const [dialog, setDialog] = useState(false)
  const modes: LoginMode[] = bind ? ['mobile'] : ['mobile', 'account']
  const bg = base?.loginBg ? platform.assetUrl(base.loginBg) : ''

  return (
    <View className='lg' data-testid='login-screen'>
      {bg ? (
        <Image {...imageAlt('')} className='lg__bg' src={bg} mode='aspectFill' data-testid='login-bg' />
      ) : (
        <View className='lg__bg lg__bg--plain' style={{ background: theme }} />
      )}
      <View className='lg__top'>
        <LangSwitch />
      </View>
      <View className='lg__hero'>
        <Text className='lg__school'>{base?.title || t('app.title')}</Text>
        <Text className='lg__welcome'>{t(bind ? 'identity.bind.welcome' : 'identity.welcome')}</Text>
      </View>
      <View className='lg__card'>
        {modes.length > 1 ? (
          <View className='lg__tabs' role='tablist'>
            {modes.map((m) => {
              const on = form.mode === m
              return (
                <View
                  key={m}
                  className={`lg__tab ${on ? 'lg__tab--on' : ''}`}
                  {...pressable(() => update({ mode: m }), { role: 'tab', selected: on })}
                  data-testid={`mode-${m}`}
                >
                  <Text style={on ? { color: theme } : undefined}>{t(`identity.mode.${m}`)}</Text>
                  {on ? <View className='lg__tab-bar' style={{ background: theme }} /> : null}
                </View>
              )
            })}
          </View>
        ) : (
          <Text className='lg__bind-title'>{t('identity.bind.title')}</Text>
        )}
        <FieldErrors.Provider value={errors}>
          {form.mode === 'mobile' ? (
            <MobileFields form={form} update={update} countdown={countdown} onSendCode={sendCode} />
          ) : (
            <AccountFields form={form} update={update} />
          )}
        </FieldErrors.Provider>
        <View className='lg__submit' data-testid='login-submit'>
          <AtButton type='primary' loading={busy} disabled={busy} customStyle={{ background: theme, borderColor: theme }} onClick={submit}>
            {t(bind ? 'identity.bind.submit' : 'identity.submit')}
          </AtButton>
        </View>
        <View className='lg__agree'>
          <View
            className='lg__agree-hit'
            {...pressable(() => update({ agreed: !form.agreed }), { role: 'checkbox', checked: form.agreed })}
            data-testid='login-agree'
          >
            <View
              className={`lg__box ${form.agreed ? 'lg__box--on' : ''}`}
              style={form.agreed ? { background: theme, borderColor: theme } : undefined}
            >
              {form.agreed ? <Text className='lg__tick'>✓</Text> : null}
            </View>
            <Text className='lg__agree-text'>{t('identity.agree.prefix')}</Text>
          </View>
          <Text
            className='lg__agree-link'
            style={{ color: theme, textDecoration: 'underline' }}
            {...pressable(() => setDialog(true), { role: 'link' })}
            data-testid='login-agree-link'
          >
            {base?.agreeTitle ? t('common.titleQuoted', { title: base.agreeTitle }) : t('identity.agree.link')}
          </Text>
          <PrivacyLink className='lg__agree-link' />
        </View>
      </View>
      <AgreementDialog
        open={dialog}
        onClose={() => setDialog(false)}
        onAgree={() => {
          update({ agreed: true })
          setDialog(false)
        }}
      />
    </View>
  )
}
