/**
 * mine's awards (docs/product §2): earned/total, the explanation dialog (baseConfig awardExplain, sanitised), and the grid;
 * a tap opens award?id. Awards not yet earned are shown greyed.
 */
import { useState } from 'react'
import { Button, RichText, ScrollView, Text, View } from '@tarojs/components'
import { AtIcon, AtModal, AtModalAction, AtModalContent, AtModalHeader } from 'taro-ui'
import { platform } from '@/platform'
import { sanitizeHtml } from '@/lib/sanitize'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useSession, useT } from '@/store/session'
import type { AwardsView } from '../model/profile'
import { openRoute } from '../navigation'
import 'taro-ui/lib/style/components/modal.scss'
import Badge from './badge'
import './awards-grid.scss'
import { tokenColor } from '@/styles/colors'
import { pressable } from '@/lib/a11y'

export function AwardExplainDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT()
  const explain = useSession((s) => s.baseConfig?.awardExplain || '')
  const html = sanitizeHtml(explain, platform.assetUrl)
  return (
    <AtModal isOpened={open} onClose={onClose}>
      <AtModalHeader>{t('center.awards.explainTitle')}</AtModalHeader>
      <AtModalContent>
        <ScrollView scrollY className='mine-awards__explain' data-testid='award-explain'>
          {html ? <RichText nodes={html} /> : <Text>{t('center.awards.explainEmpty')}</Text>}
        </ScrollView>
      </AtModalContent>
      <AtModalAction>
        <Button onClick={onClose} data-testid='award-explain-close'>
          {t('common.close')}
        </Button>
      </AtModalAction>
    </AtModal>
  )
}

export default function AwardsGrid({ awards }: { awards: AwardsView }) {
  const t = useT()
  const theme = useTheme()
  const [explain, setExplain] = useState(false)
  return (
    <View className='mine-awards' data-testid='mine-awards'>
      <View className='mine-awards__head'>
        <Text className='mine-awards__title'>{t('center.awards.title')}</Text>
        <Text className='mine-awards__count' data-testid='awards-count'>
          <Text style={{ color: theme }}>{awards.earned}</Text>/{awards.total}
        </Text>
        <View className='mine-awards__help' {...pressable(() => setExplain(true))} data-testid='awards-help'>
          <AtIcon value='help' size='14' color={tokenColor.textMuted} />
          <Text className='mine-awards__help-text'>{t('center.awards.explain')}</Text>
        </View>
      </View>
      {awards.total === 0 ? (
        <Text className='mine-awards__empty'>{t('center.awards.none')}</Text>
      ) : (
        <View className='mine-awards__grid'>
          {awards.cells.map((a) => (
            <View
              key={a.id}
              className={`mine-awards__cell ${a.earned ? '' : 'mine-awards__cell--off'}`}
              {...pressable(() => openRoute('award', { id: a.id }))}
              data-testid={`award-${a.id}`}
              data-earned={a.earned ? '1' : '0'}
            >
              <Badge name={a.name} picture={a.picture} earned={a.earned} tone={a.id} />
              <Text className='mine-awards__name'>{a.name}</Text>
            </View>
          ))}
        </View>
      )}
      <AwardExplainDialog open={explain} onClose={() => setExplain(false)} />
    </View>
  )
}
