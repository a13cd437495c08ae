/**
 * Round avatar from a server-relative URL, or the first character of the name on a tinted disc: also when the image
 * fails to load (a file gone from storage), never a broken image. The failure is remembered per URL.
 */
import { useState } from 'react'
import { Image, View, Text } from '@tarojs/components'
import { platform } from '@/platform'
import './avatar.scss'
import { imageAlt } from '@/lib/a11y'

export default function Avatar({ src, name, size = 'md' }: { src?: string; name?: string; size?: 'md' | 'sm' }) {
  const [failedSrc, setFailedSrc] = useState('')
  if (src && failedSrc !== src)
    return (
      <Image
        {...imageAlt('')}
        className={`pj-avatar pj-avatar--${size}`}
        src={platform.assetUrl(src)}
        mode='aspectFill'
        data-testid='pj-avatar-img'
        onError={() => setFailedSrc(src)}
      />
    )
  const initial = Array.from((name || '').trim())[0] || '·'
  return (
    <View className={`pj-avatar pj-avatar--${size} pj-avatar--text`} data-testid='pj-avatar-initial'>
      <Text data-content=''>{initial}</Text>
    </View>
  )
}
