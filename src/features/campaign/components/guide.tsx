/**
 * The guide slideshow of the tree campaigns (docs/product §2; timings §9 in hooks/use-guide.ts): three steps, 'next',
 * 'skip', and 'got it' on the last; closing fades it out over GUIDE_CLOSE_MS.
 */
import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import type { MessageKey } from '@/lib/i18n'
import { useT } from '@/store/session'
import type { GuideApi } from '../hooks/use-guide'

const STEPS: Array<{ title: MessageKey; body: MessageKey; icon: string }> = [
  { title: 'campaign.guide.step1', body: 'campaign.guide.step1Body', icon: '①' },
  { title: 'campaign.guide.step2', body: 'campaign.guide.step2Body', icon: '②' },
  { title: 'campaign.guide.step3', body: 'campaign.guide.step3Body', icon: '③' }
]

export default function Guide({ guide }: { guide: GuideApi }) {
  const t = useT()
  const [i, setI] = useState(0)
  if (!guide.open) return null
  const step = STEPS[i]
  const last = i === STEPS.length - 1
  return (
    <View className={`cm-guide${guide.closing ? ' cm-guide--closing' : ''}`} data-testid='guide' data-step={i + 1}>
      <View className='cm-guide__card'>
        <Text className='cm-guide__head'>{t('campaign.guide.title')}</Text>
        <View className='cm-guide__icon'>{step.icon}</View>
        <Text className='cm-guide__title' data-testid='guide-title'>
          {t(step.title)}
        </Text>
        <Text className='cm-guide__body'>{t(step.body)}</Text>
        <View className='cm-guide__dots'>
          {STEPS.map((s, k) => (
            <View key={s.title} className={`cm-guide__dot${k === i ? ' cm-guide__dot--on' : ''}`} />
          ))}
        </View>
        <View className='cm-guide__actions'>
          {!last ? (
            <Text className='cm-guide__skip' data-testid='guide-skip' onClick={guide.close}>
              {t('campaign.guide.skip')}
            </Text>
          ) : null}
          <View
            className='cm-guide__next'
            role='button'
            data-testid={last ? 'guide-done' : 'guide-next'}
            onClick={last ? guide.close : () => setI(i + 1)}
          >
            {last ? t('campaign.guide.done') : t('campaign.guide.next')}
          </View>
        </View>
      </View>
    </View>
  )
}
