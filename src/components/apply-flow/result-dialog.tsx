/** The apply flows' success dialog: a check mark, title, text and Confirm (which reloads the lists). */
import { Text, View } from '@tarojs/components'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import './result-dialog.scss'
import { pressable } from '@/lib/a11y'

export default function ResultDialog({
  open,
  title,
  text,
  onConfirm,
  testPrefix
}: {
  open: boolean
  title: string
  text: string
  onConfirm(): void
  testPrefix: string
}) {
  const t = useT()
  const theme = useTheme()
  if (!open) return null
  return (
    <View className='ck-dialog' data-testid={`${testPrefix}-success`}>
      <View className='ck-dialog__mask' />
      <View className='ck-dialog__box'>
        <View className='ck-dialog__icon' style={{ background: theme }}>
          <Text>✓</Text>
        </View>
        <Text className='ck-dialog__title'>{title}</Text>
        <Text className='ck-dialog__text'>{text}</Text>
        <View className='ck-dialog__ok' style={{ color: theme }} data-testid={`${testPrefix}-success-confirm`} {...pressable(onConfirm)}>
          {t('common.confirm')}
        </View>
      </View>
    </View>
  )
}
