/** The seats or books being named, each with its period or copies and its amount (docs/product §2 form-gm). */
import { Text, View } from '@tarojs/components'
import { NamingType } from '@contract'
import type { GmSelection } from '@/platform/storage-keys'
import { formatMoney } from '@/lib/money'
import { useT } from '@/store/session'
import { bookSubtotal } from '../../model/price'
import { objectsOf } from '../../model/selection'
import './form.scss'

export default function ObjectsCard({ sel, onChange }: { sel: GmSelection; onChange(): void }) {
  const t = useT()
  const objects = objectsOf(sel, (n) => t('naming.book.copies', { n }))
  const amounts = sel.namingType === NamingType.BOOK ? sel.books.map((b) => bookSubtotal(b)) : objects.map((o) => o.amount)
  return (
    <View className='nm-card' data-testid='naming-objects'>
      <View className='nm-form__head'>
        <Text className='nm-card__title'>{sel.namingType === NamingType.BOOK ? t('naming.form.books') : t('naming.form.seats')}</Text>
        <Text className='nm-link' data-testid='naming-change' onClick={onChange}>
          {t('naming.form.change')}
        </Text>
      </View>
      {objects.length === 0 ? <Text className='nm-note'>{t('naming.err.noObject')}</Text> : null}
      {objects.map((o, i) => (
        <View key={o.key} className='nm-obj' data-testid={`object-${o.key}`}>
          <View className='nm-obj__main'>
            <Text className='nm-obj__name'>{o.label}</Text>
            <Text className='nm-obj__detail'>{o.detail || t('naming.err.period')}</Text>
          </View>
          <Text className='nm-obj__amount'>{amounts[i] === null ? '—' : `¥${formatMoney(amounts[i])}`}</Text>
        </View>
      ))}
    </View>
  )
}
