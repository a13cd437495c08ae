/** A payment method's logo (./logos.ts), named for screen readers by the method's label. */
import { Image, View } from '@tarojs/components'
import { imageAlt } from '@/lib/a11y'
import { payLogoUrl } from './logos'
import './index.scss'

export default function PayLogo({ code, label, className = '' }: { code: number; label: string; className?: string }) {
  const src = payLogoUrl(code)
  if (!src) return <View className={`pay-logo ${className}`} aria-hidden />
  return (
    <View className={`pay-logo ${className}`} role='img' aria-label={label} data-testid={`pay-logo-${code}`}>
      <Image {...imageAlt('')} className='pay-logo__img' src={src} mode='aspectFit' />
    </View>
  )
}
