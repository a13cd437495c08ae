/** The inputs of the two login modes: mobile with area code and SMS code, or account and password. */
import { Input, View } from '@tarojs/components'
import AreaCodePicker, { mobileMaxLength } from '@/components/area-code-picker'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { normaliseAreaCode, type LoginForm } from '../model/login'
import { fieldLabel, pressable } from '@/lib/a11y'

interface Props {
  form: LoginForm
  update(patch: Partial<LoginForm>): void
}

export function MobileFields({ form, update, countdown, onSendCode }: Props & { countdown: number; onSendCode(): void }) {
  const t = useT()
  const theme = useTheme()
  const current = normaliseAreaCode(form.areaCode)
  const waiting = countdown > 0
  return (
    <View className='lg-fields'>
      <View className='lg-field'>
        <AreaCodePicker
          code={current}
          onChange={(areaCode) => update({ areaCode })}
          className='lg-field__code'
          caretClassName='lg-field__caret'
          testId='login-area'
        />
        <Input
          {...fieldLabel(t('identity.mobile.placeholder'))}
          className='lg-field__input'
          type='number'
          value={form.mobile}
          maxlength={mobileMaxLength(current)}
          placeholder={t('identity.mobile.placeholder')}
          placeholderClass='lg-ph'
          onInput={(e) => update({ mobile: e.detail.value })}
          data-testid='login-mobile'
        />
      </View>
      <View className='lg-field'>
        <Input
          {...fieldLabel(t('identity.code.placeholder'))}
          className='lg-field__input'
          type='number'
          value={form.code}
          maxlength={6}
          placeholder={t('identity.code.placeholder')}
          placeholderClass='lg-ph'
          onInput={(e) => update({ code: e.detail.value })}
          data-testid='login-code'
        />
        <View
          className={`lg-field__sms ${waiting ? 'lg-field__sms--off' : ''}`}
          style={waiting ? undefined : { color: theme, borderColor: theme }}
          {...pressable(onSendCode)}
          aria-disabled={waiting ? 'true' : 'false'}
          data-testid='sms-button'
        >
          {waiting ? t('identity.code.resend', { s: countdown }) : t('identity.code.get')}
        </View>
      </View>
    </View>
  )
}

export function AccountFields({ form, update }: Props) {
  const t = useT()
  return (
    <View className='lg-fields'>
      <View className='lg-field'>
        <Input
          {...fieldLabel(t('identity.username.placeholder'))}
          className='lg-field__input'
          type='text'
          value={form.username}
          maxlength={64}
          placeholder={t('identity.username.placeholder')}
          placeholderClass='lg-ph'
          onInput={(e) => update({ username: e.detail.value })}
          data-testid='login-username'
        />
      </View>
      <View className='lg-field'>
        <Input
          {...fieldLabel(t('identity.password.placeholder'))}
          className='lg-field__input'
          password
          value={form.password}
          maxlength={64}
          placeholder={t('identity.password.placeholder')}
          placeholderClass='lg-ph'
          onInput={(e) => update({ password: e.detail.value })}
          data-testid='login-password'
        />
      </View>
    </View>
  )
}
