/** docs/product §2: cover carousel, autoplay every 3000 ms, looping. */
import { Swiper, SwiperItem, Image, View } from '@tarojs/components'
import './cover-carousel.scss'

export const CAROUSEL_INTERVAL_MS = 3000

export default function CoverCarousel({ images }: { images: string[] }) {
  if (!images.length) return <View className='pj-cover pj-cover--empty' />
  const many = images.length > 1
  return (
    <Swiper
      className='pj-cover'
      autoplay={many}
      interval={CAROUSEL_INTERVAL_MS}
      circular={many}
      indicatorDots={many}
      indicatorColor='rgba(255,255,255,0.5)'
      indicatorActiveColor='#ffffff'
      data-testid='cover-carousel'
    >
      {images.map((src, i) => (
        <SwiperItem key={`${src}-${i}`}>
          <Image className='pj-cover__img' src={src} mode='aspectFill' />
        </SwiperItem>
      ))}
    </Swiper>
  )
}
