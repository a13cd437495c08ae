/** Sort toggles (docs/product §2 "sort by time or money (toggle)"): the active one shows its direction with an arrow. */
import { Text, View } from '@tarojs/components'
import type { DirectoryOrder } from '@contract'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { orderLabelKey, sortDirOf, sortKeyOf, type SortKey } from '../model/order'
import type { MessageKey } from '@/lib/i18n'
import './sort-bar.scss'
import { pressable } from '@/lib/a11y'

interface Props {
  order: DirectoryOrder
  onTap(key: SortKey): void
}

const KEYS: { key: SortKey; label: MessageKey }[] = [
  { key: 'time', label: 'directory.sortTime' },
  { key: 'money', label: 'directory.sortMoney' }
]

export default function SortBar({ order, onTap }: Props) {
  const t = useT()
  const theme = useTheme()
  const activeKey = sortKeyOf(order)
  const arrow = sortDirOf(order) === 'desc' ? '↓' : '↑'
  return (
    <View className='sort-bar' data-testid='directory-sort' data-order={order}>
      <Text className='sort-bar__caption' data-testid='directory-order-label'>
        {t(orderLabelKey(order))}
      </Text>
      <View className='sort-bar__toggles'>
        {KEYS.map(({ key, label }) => {
          const active = key === activeKey
          return (
            <View
              key={key}
              className={`sort-bar__toggle ${active ? 'sort-bar__toggle--active' : ''}`}
              style={active ? { color: theme, borderColor: theme } : undefined}
              data-testid={`sort-${key}`}
              {...pressable(() => onTap(key))}
            >
              <Text>{t(label)}</Text>
              <Text className='sort-bar__arrow'>{active ? arrow : '↕'}</Text>
            </View>
          )
        })}
      </View>
    </View>
  )
}
