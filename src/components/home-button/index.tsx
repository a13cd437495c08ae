/**
 * The way back home: a page that is not a tab and is the only page on the stack (opened from a shared
 * link, a notification or a provider's return) shows a small home button; a tap switches to the home tab. Pages
 * reached inside the app keep the platform's back button instead.
 */
import { useState } from 'react'
import Taro, { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { ROUTES, TAB_ROUTES, type RouteName } from '@/lib/routes'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import './index.scss'
import { pressable } from '@/lib/a11y'

/** Whether `route` shows the home button when the stack holds `depth` pages. */
export function needsHomeButton(route: RouteName, depth: number): boolean {
  return depth <= 1 && !(TAB_ROUTES as readonly string[]).includes(route)
}

function stackDepth(): number {
  try {
    return Taro.getCurrentPages().length
  } catch {
    return 1
  }
}

export default function HomeButton({ route }: { route: RouteName }) {
  const t = useT()
  const [show, setShow] = useState(() => needsHomeButton(route, stackDepth()))
  useDidShow(() => setShow(needsHomeButton(route, stackDepth())))
  if (!show) return null
  return (
    <View className='home-button' data-testid='home-button' {...pressable(() => platform.nav.to(ROUTES.home))}>
      <Text className='home-button__icon' aria-hidden>
        ⌂
      </Text>
      <Text className='home-button__text'>{t('home.back')}</Text>
    </View>
  )
}
