/** The naming pages' bottom bar: what is chosen, the total, and the page's action (busy while it runs). */
import type { ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { formatMoney } from '@/lib/money'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import 'taro-ui/lib/style/components/button.scss'
import 'taro-ui/lib/style/components/loading.scss'
import './kit.scss'

interface Props {
  total: string
  /** under the total: "2 seats", "3 copies" */
  summary?: string
  label: string
  busy?: boolean
  onAction(): void
  /** before the total: the selection popup's toggle */
  lead?: ReactNode
  testId?: string
}

export default function BottomBar({ total, summary, label, busy, onAction, lead, testId = 'naming-submit' }: Props) {
  const t = useT()
  const theme = useTheme()
  return (
    <View className='nm-bar'>
      {lead}
      <View className='nm-bar__total'>
        <View className='nm-bar__line'>
          <Text className='nm-bar__label'>{t('naming.total')}</Text>
          <Text className='nm-bar__amount' data-testid='naming-total'>
            ¥{formatMoney(total)}
          </Text>
        </View>
        {summary ? (
          <Text className='nm-bar__summary' data-testid='naming-summary'>
            {summary}
          </Text>
        ) : null}
      </View>
      <View className='nm-bar__action' data-testid={testId}>
        <AtButton type='primary' loading={busy} disabled={busy} customStyle={{ background: theme, borderColor: theme }} onClick={onAction}>
          {label}
        </AtButton>
      </View>
    </View>
  )
}
