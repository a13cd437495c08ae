/**
 * The nickname popup (docs/product §4: saves, toasts success, reloads): 1 to 20 characters; a problem, or the server's
 * refusal of the nickname, shows under the input (decision 081).
 */
import { useEffect, useState } from 'react'
import { Input, Text, View } from '@tarojs/components'
import { AtButton, AtFloatLayout } from 'taro-ui'
import { NICKNAME_MAX } from '@contract'
import { toast } from '@/lib/quiet'
import { FieldErrorLine, FieldErrors, fieldAria, fieldRowId, useFormErrors } from '@/components/form-kit'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { updateUser } from '../api/center'
import { charCount, nicknameProblem } from '../model/profile'
import 'taro-ui/lib/style/components/float-layout.scss'
import 'taro-ui/lib/style/components/button.scss'
import './nickname-popup.scss'
import { PrivacyNote } from '@/features/privacy'

interface Props {
  open: boolean
  current: string
  onClose(): void
  onSaved(): void
}

export default function NicknamePopup({ open, current, onClose, onSaved }: Props) {
  const t = useT()
  const theme = useTheme()
  const [value, setValue] = useState(current)
  const [busy, setBusy] = useState(false)
  const problems = useFormErrors(value)
  const { clear } = problems
  useEffect(() => {
    if (open) {
      setValue(current)
      clear()
    }
  }, [open, current, clear])

  const save = async () => {
    if (busy) return
    const problem = nicknameProblem(value)
    if (problem) {
      problems.show(t(problem, { max: NICKNAME_MAX }), 'nickname')
      return
    }
    setBusy(true)
    try {
      await updateUser({ nickname: value.trim() })
      toast(t('center.nickname.saved'))
      onClose()
      onSaved()
    } catch (e) {
      // the nickname refused shows under the input; request() toasted any other refusal
      problems.refused(e)
    } finally {
      setBusy(false)
    }
  }

  // the problems shown under their fields (decision 081)
  const view = (
    <AtFloatLayout isOpened={open} title={t('center.nickname.title')} onClose={onClose}>
      <View className='mine-nick' data-testid='nickname-popup'>
        <View className={`mine-nick__field${problems.errors.nickname ? ' mine-nick__field--invalid' : ''}`} id={fieldRowId('nickname')}>
          <Input
            {...fieldAria(t('center.nickname.title'), 'nickname', problems.errors.nickname)}
            className='mine-nick__input'
            value={value}
            maxlength={NICKNAME_MAX * 2}
            placeholder={t('center.nickname.placeholder')}
            placeholderClass='mine-nick__ph'
            onInput={(e) => setValue(e.detail.value)}
            data-testid='nickname-input'
          />
          <Text className={`mine-nick__count ${charCount(value.trim()) > NICKNAME_MAX ? 'mine-nick__count--over' : ''}`}>
            {charCount(value.trim())}/{NICKNAME_MAX}
          </Text>
        </View>
        <FieldErrorLine field='nickname' className='fk-error mine-nick__error' />
        <View className='mine-nick__save' data-testid='nickname-save'>
          <AtButton type='primary' loading={busy} disabled={busy} customStyle={{ background: theme, borderColor: theme }} onClick={save}>
            {t('center.nickname.save')}
          </AtButton>
        </View>
        <PrivacyNote />
      </View>
    </AtFloatLayout>
  )
  return <FieldErrors.Provider value={problems.errors}>{view}</FieldErrors.Provider>
}
