/**
 * The thank-you page's matched line (docs/decisions/074-giving-day-screens.md): "你的 ¥200 变成了 ¥400 / Your ¥200
 * became ¥400" and the sponsors who matched it, for a gift a giving day's match touched; nothing otherwise, and nothing
 * when the call fails (the thank-you page stands without it).
 */
import { Text, View } from '@tarojs/components'
import { useData } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { fetchMatched } from '../api/giving-day'
import { money } from '../model/landing'
import './matched-line.scss'

export default function MatchedLine({ billNo, payToken }: { billNo: string; payToken?: string }) {
  const t = useT()
  const theme = useTheme()
  const state = useData(() => fetchMatched(billNo, payToken), [billNo, payToken], { enabled: !!billNo })
  const m = state.data
  if (!m || !(Number(m.matched) > 0)) return null
  return (
    <View className='gd-matched' data-testid='success-matched'>
      <Text className='gd-matched__line' style={{ color: theme }} data-testid='success-matched-line'>
        {t('givingDay.matchedLine', { amount: money(m.amount), total: money(m.total) })}
      </Text>
      <Text className='gd-matched__by'>{t('givingDay.matchedBy', { sponsors: m.sponsors.join('、'), matched: money(m.matched) })}</Text>
    </View>
  )
}
