/** A donor's avatar; without one (or when the image fails) a neutral silhouette drawn in CSS. */
import { useState } from 'react'
import { Image, View } from '@tarojs/components'
import './donor-avatar.scss'
import { imageAlt } from '@/lib/a11y'

export default function DonorAvatar({ url }: { url: string }) {
  const [failed, setFailed] = useState(false)
  if (!url || failed) {
    return (
      <View className='donor-avatar donor-avatar--default' data-testid='avatar-default'>
        <View className='donor-avatar__head' />
        <View className='donor-avatar__body' />
      </View>
    )
  }
  return (
    <Image
      {...imageAlt('')}
      className='donor-avatar'
      data-testid='avatar-image'
      src={url}
      mode='aspectFill'
      lazyLoad
      onError={() => setFailed(true)}
    />
  )
}
