/** Round avatar from a server-relative URL, or the first character of the name on a tinted disc. */
import { Image, View, Text } from '@tarojs/components'
import { platform } from '@/platform'
import './avatar.scss'
import { imageAlt } from '@/lib/a11y'

export default function Avatar({ src, name, size = 'md' }: { src?: string; name?: string; size?: 'md' | 'sm' }) {
  if (src) return <Image {...imageAlt('')} className={`pj-avatar pj-avatar--${size}`} src={platform.assetUrl(src)} mode='aspectFill' />
  const initial = Array.from((name || '').trim())[0] || '·'
  return (
    <View className={`pj-avatar pj-avatar--${size} pj-avatar--text`}>
      <Text>{initial}</Text>
    </View>
  )
}
