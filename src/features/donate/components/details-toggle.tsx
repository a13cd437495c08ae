/**
 * "填写更多信息 / Add details": what a typical gift does not need (optional fields, certificate, receipt,
 * postal address) stays folded until the donor asks for it; fields the form requires are never folded.
 */
import { Text, View } from '@tarojs/components'
import { useT } from '@/store/session'
import { patch } from '../model/form-state'
import type { Update } from './types'
import './details-toggle.scss'
import { pressable } from '@/lib/a11y'

export default function DetailsToggle({ open, update }: { open: boolean; update: Update }) {
  const t = useT()
  return (
    <View
      className='dn-details'
      data-testid='details-toggle'
      {...pressable(() => update((s) => patch(s, { detailsOpen: !s.detailsOpen })), { expanded: open })}
    >
      <Text className='dn-details__label'>{open ? t('donate.details.less') : t('donate.details.more')}</Text>
      <Text className={`dn-details__chevron ${open ? 'dn-details__chevron--open' : ''}`} aria-hidden>
        ›
      </Text>
    </View>
  )
}
