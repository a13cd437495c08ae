/**
 * Goods gifts (crowdType 2): a quantity stepper (positive integers; anything else toasts for 1 s and clears on
 * blur) and the total quantity × materialPrice with thousands separators.
 */
import { Input, Text, View } from '@tarojs/components'
import { formatCurrency } from '@/lib/money'
import { toast } from '@/lib/quiet'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { goodsTotal, isPositiveInt } from '../model/amount'
import { patch } from '../model/form-state'
import { Card, FieldRow } from '@/components/form-kit'
import type { SectionProps } from './types'
import './goods-section.scss'
import { fieldLabel, pressable } from '@/lib/a11y'

export default function GoodsSection({ ctx, state, update }: SectionProps) {
  const t = useT()
  const theme = useTheme()
  const p = ctx.project
  const qty = state.quantity
  const n = isPositiveInt(qty) ? Number(qty) : 0
  const total = goodsTotal(qty, p.materialPrice)
  const set = (quantity: string) => update((s) => patch(s, { quantity }))

  return (
    <Card title={t('donate.section.goods')} testId='goods-section'>
      <FieldRow label={p.materialName || t('donate.goods.quantity')} field='quantity'>
        <View className='dn-stepper'>
          <View
            className={`dn-stepper__btn ${n <= 1 ? 'dn-stepper__btn--off' : ''}`}
            data-testid='qty-minus'
            {...pressable(() => n > 1 && set(String(n - 1)))}
          >
            −
          </View>
          <Input
            {...fieldLabel(t('donate.goods.quantity'))}
            className='dn-stepper__input'
            type='number'
            value={qty}
            onInput={(e) => set(e.detail.value)}
            onBlur={(e) => {
              if (!isPositiveInt(e.detail.value)) {
                toast(t('donate.goods.quantityInvalid'), 1000)
                set('')
              }
            }}
            data-testid='qty-input'
          />
          <View className='dn-stepper__btn' style={{ color: theme }} data-testid='qty-plus' {...pressable(() => set(String(n + 1)))}>
            +
          </View>
          <Text className='dn-stepper__unit'>{p.materialUnit}</Text>
        </View>
      </FieldRow>
      <FieldRow label={t('donate.goods.price')}>
        <Text className='dn-goods__value'>
          {formatCurrency(p.materialPrice)}
          {p.materialUnit ? ` / ${p.materialUnit}` : ''}
        </Text>
      </FieldRow>
      <FieldRow label={t('donate.goods.total')}>
        <Text className='dn-goods__total' style={{ color: theme }} data-testid='goods-total'>
          {total === null ? '—' : formatCurrency(total)}
        </Text>
      </FieldRow>
    </Card>
  )
}
