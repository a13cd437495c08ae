/**
 * The inputs of the two login modes: mobile with area code and SMS code, or account and password; each with its
 * problem under it (decision 081).
 */
import { Input, View } from '@tarojs/components'
import AreaCodePicker, { mobileMaxLength } from '@/components/area-code-picker'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { normaliseAreaCode, type LoginForm } from '../model/login'
import { pressable } from '@/lib/a11y'
import { useContext } from 'react'
import { FieldErrorLine, FieldErrors, fieldAria, fieldRowId } from '@/components/form-kit'

interface Props {
  form: LoginForm
  update(patch: Partial<LoginForm>): void
}

export function MobileFields({ form, update, countdown, onSendCode }: Props & { countdown: number; onSendCode(): void }) {
  const t = useT()
  const theme = useTheme()
  const current = normaliseAreaCode(form.areaCode)
  const waiting = countdown > 0
  const errors = useContext(FieldErrors)
  return (
    <View className='lg-fields'>
      <View className='lg-field' id={fieldRowId('mobile')}>
        <AreaCodePicker
          code={current}
          onChange={(areaCode) => update({ areaCode })}
          className='lg-field__code'
          caretClassName='lg-field__caret'
          testId='login-area'
        />
        <Input
          {...fieldAria(t('identity.mobile.placeholder'), 'mobile', errors.mobile)}
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
      <FieldErrorLine field='mobile' />
      <View className='lg-field' id={fieldRowId('code')}>
        <Input
          {...fieldAria(t('identity.code.placeholder'), 'code', errors.code)}
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
      <FieldErrorLine field='code' />
    </View>
  )
}

export function AccountFields({ form, update }: Props) {
  const t = useT()
  const errors = useContext(FieldErrors)
  return (
    <View className='lg-fields'>
      <View className='lg-field' id={fieldRowId('username')}>
        <Input
          {...fieldAria(t('identity.username.placeholder'), 'username', errors.username)}
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
      <FieldErrorLine field='username' />
      <View className='lg-field' id={fieldRowId('password')}>
        <Input
          {...fieldAria(t('identity.password.placeholder'), 'password', errors.password)}
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
      <FieldErrorLine field='password' />
    </View>
  )
}
