/** The project the gift goes to: thumbnail, name, intro; goods projects show the unit price. */
import { Image, Text, View } from '@tarojs/components'
import { formatMoney } from '@/lib/money'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import { isGoods, type FormContext } from '../model/context'
import './project-summary.scss'
import { imageAlt } from '@/lib/a11y'

export default function ProjectSummary({ ctx }: { ctx: FormContext }) {
  const t = useT()
  const p = ctx.project
  const thumb = p.thumbnailImg || p.coverImg
  return (
    <View className='dn-summary' data-testid='project-summary'>
      {thumb ? (
        <Image {...imageAlt('')} className='dn-summary__thumb' src={platform.assetUrl(thumb)} mode='aspectFill' />
      ) : (
        <View className='dn-summary__thumb' />
      )}
      <View className='dn-summary__body'>
        <Text className='dn-summary__name' data-testid='project-name'>
          {p.name}
        </Text>
        {isGoods(ctx) ? (
          <Text className='dn-summary__meta'>
            {t('donate.goods.unitPrice', { price: formatMoney(p.materialPrice), unit: p.materialUnit || '' })}
          </Text>
        ) : p.intro ? (
          <Text className='dn-summary__meta' data-testid='project-intro'>
            {p.intro}
          </Text>
        ) : null}
        {ctx.togetherId ? <Text className='dn-summary__tag theme-text'>{t('donate.summary.together')}</Text> : null}
      </View>
    </View>
  )
}
