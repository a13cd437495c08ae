/**
 * docs/product §2: cover carousel, autoplay every 3000 ms, looping. Accessibility (decision 028): the dots
 * are outlined so they show on a light picture too, a pause/play button stops the autoplay (WCAG 2.2.2), and a
 * browser that asks for reduced motion starts paused.
 */
import { useState } from 'react'
import { Swiper, SwiperItem, Image, Text, View } from '@tarojs/components'
import { imageAlt, pressable } from '@/lib/a11y'
import { useT } from '@/store/session'
import './cover-carousel.scss'

export const CAROUSEL_INTERVAL_MS = 3000

/** True where the platform tells that the user asked for less motion (H5's media query; the mini-programs cannot). */
export function prefersReducedMotion(): boolean {
  try {
    return (
      typeof window !== 'undefined' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches
    )
  } catch {
    return false
  }
}

export default function CoverCarousel({ images }: { images: string[] }) {
  const t = useT()
  const [playing, setPlaying] = useState(() => !prefersReducedMotion())
  if (!images.length) return <View className='pj-cover pj-cover--empty' />
  const many = images.length > 1
  return (
    <View className='pj-cover-wrap' role='group' aria-label={t('a11y.carousel')}>
      <Swiper
        className='pj-cover'
        autoplay={many && playing}
        interval={CAROUSEL_INTERVAL_MS}
        circular={many}
        indicatorDots={many}
        indicatorColor='rgba(255,255,255,0.75)'
        indicatorActiveColor='#ffffff'
        data-testid='cover-carousel'
      >
        {images.map((src, i) => (
          <SwiperItem key={`${src}-${i}`}>
            <Image {...imageAlt('')} className='pj-cover__img' src={src} mode='aspectFill' />
          </SwiperItem>
        ))}
      </Swiper>
      {many ? (
        <View
          className='pj-cover__toggle'
          data-testid='cover-toggle'
          data-playing={playing ? '1' : '0'}
          {...pressable(() => setPlaying((p) => !p), { label: t(playing ? 'a11y.carousel.pause' : 'a11y.carousel.play') })}
        >
          <Text className='pj-cover__toggle-icon' aria-hidden>
            {playing ? '❚❚' : '▶'}
          </Text>
        </View>
      ) : null}
    </View>
  )
}
