/**
 * A nameplate drawn on one of the project's examples (docs/product §3 Nameplate example): the background image with the
 * donor, identity and message placed as its configData says. Without examples, a plain card with the three lines.
 */
import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { ALUMNUS_IDENTITY, type NameplateExample, type NameplateText } from '@contract'
import { platform } from '@/platform'
import { useSession, useT } from '@/store/session'
import { frameRatio, placeElements } from '../../model/plate-layout'
import './edit.scss'
import { imageAlt } from '@/lib/a11y'

/** The preview's width on this screen (page margins of 24 px each side). */
export function previewWidth(): number {
  try {
    return Math.max(240, Math.min(480, Taro.getSystemInfoSync().windowWidth - 48))
  } catch {
    return 327
  }
}

export default function PlatePreview({
  example,
  plate: written,
  testId
}: {
  example: NameplateExample | null
  plate: NameplateText
  testId?: string
}) {
  const t = useT()
  const lang = useSession((s) => s.lang)
  // the identity the platform gives (校友) is the app's word, in the reader's language as on the form below it
  const plate = written.donorIdentity === ALUMNUS_IDENTITY ? { ...written, donorIdentity: t('naming.edit.identityAlumnus') } : written
  if (!example) {
    return (
      // the plate as it will be engraved (its words are the donor's and the school's: content, decision 073)
      <View className='nm-plate nm-plate--plain' data-testid={testId} data-content=''>
        <Text className='nm-plate__name'>{plate.donorName}</Text>
        <Text className='nm-plate__identity'>{plate.donorIdentity}</Text>
        <Text className='nm-plate__message'>{plate.donationMessage}</Text>
      </View>
    )
  }
  const slotName =
    lang === 'en'
      ? (key: 'donorName' | 'donorIdentity' | 'donationMessage') =>
          t(
            key === 'donorName'
              ? 'naming.plate.slotDonor'
              : key === 'donorIdentity'
                ? 'naming.plate.slotIdentity'
                : 'naming.plate.slotMessage'
          )
      : undefined
  const placed = placeElements(example, plate, previewWidth(), slotName)
  return (
    <View className='nm-plate' style={{ paddingTop: frameRatio(example) }} data-testid={testId}>
      {example.bgImg ? (
        <Image {...imageAlt('')} className='nm-plate__bg' src={platform.assetUrl(example.bgImg)} mode='scaleToFill' />
      ) : null}
      {placed.map((p) => (
        <Text key={p.key} className='nm-plate__text' style={p.style} data-content=''>
          {p.text}
        </Text>
      ))}
    </View>
  )
}
