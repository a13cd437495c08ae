/** Payment method (docs/product §4 Pay types) and the agreement checkbox of the naming form. */
import { Text, View } from '@tarojs/components'
import type { PayTypeCode } from '@contract'
import { platform } from '@/platform'
import { routeUrl } from '@/lib/routes'
import { useSession, useT } from '@/store/session'
import type { NamingPayOption } from '../../model/pay'
import './form.scss'

export function PayCard({
  options,
  value,
  onPick
}: {
  options: NamingPayOption[]
  value: PayTypeCode | null
  onPick(c: PayTypeCode): void
}) {
  const t = useT()
  return (
    <View className='nm-card' data-testid='naming-pay'>
      <Text className='nm-card__title'>{t('naming.form.pay')}</Text>
      {options.length === 0 ? <Text className='nm-note'>{t('naming.pay.none')}</Text> : null}
      {options.map((o) => {
        const on = value === o.code
        return (
          <View
            key={o.code}
            className='nm-radio'
            data-testid={`naming-pay-${o.code}`}
            data-selected={on ? '1' : '0'}
            onClick={() => onPick(o.code)}
          >
            <Text className='nm-radio__label'>{t(o.labelKey)}</Text>
            <View className={`nm-radio__dot${on ? ' nm-radio__dot--on' : ''}`}>
              {on ? <Text className='nm-radio__tick'>✓</Text> : null}
            </View>
          </View>
        )
      })}
    </View>
  )
}

export function AgreeRow({ agreed, onToggle }: { agreed: boolean; onToggle(): void }) {
  const t = useT()
  const title = useSession((s) => s.baseConfig?.agreeTitle || '')
  return (
    <View className='nm-agree' data-testid='naming-agreement'>
      <View className='nm-agree__hit' data-testid='naming-agree' onClick={onToggle}>
        <View className={`nm-agree__box${agreed ? ' nm-agree__box--on' : ''}`}>
          {agreed ? <Text className='nm-agree__tick'>✓</Text> : null}
        </View>
        <Text className='nm-agree__text'>{t('naming.agree.prefix')}</Text>
      </View>
      <Text className='nm-link' data-testid='naming-agree-link' onClick={() => platform.nav.to(routeUrl('agree-content'))}>
        {title ? t('common.titleQuoted', { title }) : t('naming.agree.link')}
      </Text>
    </View>
  )
}
