/** award?id (docs/product §2 Other): ranking, image, name, description, obtain time, or 'not yet obtained'. */
import { useMemo } from 'react'
import { Text, View } from '@tarojs/components'
import { platform } from '@/platform'
import { useData } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { fetchAward } from '../api/center'
import { awardView } from '../model/award'
import RequireToken from './require-token'
import Badge from './badge'
import './award-screen.scss'
import { tokenColor } from '@/styles/colors'
import { pressable } from '@/lib/a11y'

function AwardDetail() {
  const t = useT()
  const theme = useTheme()
  const id = useMemo(() => Number(platform.nav.currentQuery().id), [])
  const valid = Number.isInteger(id) && id > 0
  const loaded = useData(async () => awardView(await fetchAward(id), platform.assetUrl), [id], { enabled: valid })
  const award = loaded.data
  const status = !valid ? 'missing' : award ? 'ready' : loaded.status

  if (status !== 'ready' || !award) {
    return (
      <View className='award-state' data-testid={`award-${status}`}>
        <Text className='award-state__msg'>
          {status === 'missing' ? t('center.award.missing') : status === 'error' ? t('common.loadFailed') : t('common.loading')}
        </Text>
        {status === 'error' ? (
          <View className='award-state__retry' {...pressable(loaded.reload)}>
            {t('common.retry')}
          </View>
        ) : null}
      </View>
    )
  }

  return (
    <View className='award' data-testid='award-screen'>
      <View className='award__stage' style={{ background: award.earned ? theme : tokenColor.textMuted }}>
        <View className='award__medal'>
          <Badge name={award.name} picture={award.picture} earned={award.earned} size='lg' tone={award.id} picTestId='award-picture' />
        </View>
        <Text className='award__name' data-testid='award-name'>
          {award.name}
        </Text>
        {award.earned ? (
          <Text className='award__rank' data-testid='award-ranking'>
            {t('center.award.ranking', { n: award.ranking })}
          </Text>
        ) : (
          <Text className='award__rank award__rank--off' data-testid='award-not-obtained'>
            {t('center.award.notObtained')}
          </Text>
        )}
      </View>
      <View className='award__card'>
        <View className='award__row'>
          <Text className='award__label'>{t('center.award.description')}</Text>
          <Text className='award__text' data-testid='award-description'>
            {award.description || '—'}
          </Text>
        </View>
        {award.condition ? (
          <View className='award__row'>
            <Text className='award__label'>{t('center.award.condition')}</Text>
            <Text className='award__text' data-testid='award-condition'>
              {award.condition}
            </Text>
          </View>
        ) : null}
        <View className='award__row'>
          <Text className='award__label'>{t('center.award.time')}</Text>
          <Text className='award__text' data-testid='award-time'>
            {award.earned ? award.awardTime : t('center.award.notObtained')}
          </Text>
        </View>
        <View className='award__row'>
          <Text className='award__label'>{t('center.award.holders')}</Text>
          <Text className='award__text' data-testid='award-holders'>
            {t('center.award.holderCount', { n: award.holderCount })}
          </Text>
        </View>
      </View>
    </View>
  )
}

export default function AwardScreen() {
  return (
    <RequireToken>
      <AwardDetail />
    </RequireToken>
  )
}
