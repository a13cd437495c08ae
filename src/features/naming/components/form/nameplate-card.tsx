/**
 * The nameplate block of form-gm (hidden with namelate=0): a preview per object (or one for all), the words that
 * will be engraved, and the edit link (docs/product §2: edit?id&namingType&name). Before anything is written it asks for it.
 */
import { Swiper, SwiperItem, Text, View } from '@tarojs/components'
import type { NameplateExample } from '@contract'
import type { GmSelection } from '@/platform/storage-keys'
import { useT } from '@/store/session'
import { objectsOf, plateOf } from '../../model/selection'
import { normalisePlate, nameplateProblem } from '../../model/nameplate'
import PlatePreview from '../edit/plate-preview'
import './form.scss'

export default function NameplateCard({ sel, examples, onEdit }: { sel: GmSelection; examples: NameplateExample[]; onEdit(): void }) {
  const t = useT()
  const objects = objectsOf(sel, (n) => t('naming.book.copies', { n }))
  const example = examples[0] || null
  const shown = sel.mode === 'each' ? objects : objects.slice(0, 1)
  const written = objects.length > 0 && objects.every((o) => !nameplateProblem(plateOf(sel, o.key), sel.namingType))
  return (
    <View className='nm-card' data-testid='nameplate-card'>
      <View className='nm-form__head'>
        <Text className='nm-card__title'>{t('naming.form.nameplate')}</Text>
        <Text className='nm-link' data-testid='nameplate-edit' onClick={onEdit}>
          {written ? t('naming.form.editPlate') : t('naming.form.writePlate')}
        </Text>
      </View>
      {!written ? (
        <View className='nm-form__prompt' data-testid='nameplate-prompt' onClick={onEdit}>
          <Text>{t('naming.form.platePrompt')}</Text>
        </View>
      ) : (
        <Swiper className='nm-form__plates' indicatorDots={shown.length > 1} data-testid='nameplate-previews'>
          {shown.map((o) => {
            const plate = normalisePlate(plateOf(sel, o.key), sel.namingType)
            return (
              <SwiperItem key={o.key}>
                <View className='nm-form__plate'>
                  <PlatePreview example={example} plate={plate} testId={`plate-${o.key}`} />
                  <Text className='nm-form__plate-for'>{sel.mode === 'each' ? o.label : t('naming.form.plateAll')}</Text>
                </View>
              </SwiperItem>
            )
          })}
        </Swiper>
      )}
      <Text className='nm-note'>{t('naming.form.reviewNote')}</Text>
    </View>
  )
}
