/**
 * The campaign pages' centred dialog: a dimmed page, a card, a close cross; tapping the dim closes it too, but not the
 * echo of the map tap that opened it (useMaskDismiss, docs/decisions/046-map-taps.md).
 */
import type { PropsWithChildren } from 'react'
import { Text, View } from '@tarojs/components'
import { useMaskDismiss } from '@/lib/hooks/use-mask-dismiss'
import { useT } from '@/store/session'

export default function Dialog({
  open,
  title,
  testId,
  onClose,
  className,
  children
}: PropsWithChildren<{ open: boolean; title?: string; testId: string; onClose(): void; className?: string }>) {
  const t = useT()
  const mask = useMaskDismiss(open, onClose)
  if (!open) return null
  return (
    <View className={`cm-dialog ${className || ''}`} data-testid={testId}>
      <View className='cm-dialog__mask' data-testid={`${testId}-mask`} {...mask} />
      <View className='cm-dialog__card'>
        <View className='cm-dialog__close' role='button' aria-label={t('campaign.close')} data-testid={`${testId}-close`} onClick={onClose}>
          ×
        </View>
        {title ? <Text className='cm-dialog__title'>{title}</Text> : null}
        {children}
      </View>
    </View>
  )
}
