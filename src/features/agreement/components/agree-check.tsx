/** 'I agree' under the agreement's pages (docs/product §5: ticked before signing). */
import { Text, View } from '@tarojs/components'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import './agreement.scss'

export default function AgreeCheck({ checked, onChange }: { checked: boolean; onChange(v: boolean): void }) {
  const t = useT()
  const theme = useTheme()
  return (
    <View className='ag-agree' role='checkbox' aria-checked={checked} onClick={() => onChange(!checked)} data-testid='agreement-agree'>
      <View
        className={`ag-agree__box${checked ? ' ag-agree__box--on' : ''}`}
        style={checked ? { background: theme, borderColor: theme } : undefined}
      >
        {checked ? <Text className='ag-agree__tick'>✓</Text> : null}
      </View>
      <Text className='ag-agree__text'>{t('agreement.agree')}</Text>
    </View>
  )
}
