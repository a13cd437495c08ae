/** An article's thumbnail, or a quiet placeholder when it has none (or the image fails). */
import { useState } from 'react'
import { Image, Text, View } from '@tarojs/components'
import { useT } from '@/store/session'
import { imageAlt } from '@/lib/a11y'

export default function ArticleThumb({ url, className }: { url: string; className: string }) {
  const t = useT()
  const [failed, setFailed] = useState(false)
  if (!url || failed) {
    return (
      <View className={`${className} article-thumb--empty`} data-testid='article-thumb-empty'>
        <Text>{t('article.noThumb')}</Text>
      </View>
    )
  }
  return (
    <Image
      {...imageAlt('')}
      className={className}
      data-testid='article-thumb'
      src={url}
      mode='aspectFill'
      lazyLoad
      onError={() => setFailed(true)}
    />
  )
}
