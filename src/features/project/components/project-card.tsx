/** A project in the list: cover with status badge, name, two-line intro, progress, raised amount and donors. */
import { View, Text, Image } from '@tarojs/components'
import { useT } from '@/store/session'
import type { ProjectCardView } from '../model/project'
import StatusBadge from './status-badge'
import ProgressLine from './progress-line'
import './project-card.scss'
import { imageAlt, pressable } from '@/lib/a11y'

export default function ProjectCard({ card, onOpen }: { card: ProjectCardView; onOpen(id: number): void }) {
  const t = useT()
  return (
    <View className='pj-card' data-testid={`project-card-${card.id}`} {...pressable(() => onOpen(card.id))}>
      <View className='pj-card__cover'>
        {card.thumb ? (
          <Image {...imageAlt('')} className='pj-card__img' src={card.thumb} mode='aspectFill' lazyLoad />
        ) : (
          <View className='pj-card__img pj-card__img--empty' />
        )}
        <StatusBadge status={card.status} className='pj-card__badge' />
      </View>
      <View className='pj-card__body'>
        <Text className='pj-card__name' data-testid='project-name'>
          {card.name}
        </Text>
        {card.intro ? <Text className='pj-card__intro'>{card.intro}</Text> : null}
        {card.percent !== null ? (
          <View className='pj-card__progress'>
            <ProgressLine percent={card.percent} />
          </View>
        ) : null}
        {card.stats ? (
          <View className='pj-card__stats' data-testid='project-stats'>
            <View className='pj-card__stat'>
              <Text className='pj-card__stat-label'>{t('project.raised')}</Text>
              <Text className='pj-card__stat-value' data-testid='project-raised'>
                {card.stats.raised}
              </Text>
            </View>
            <View className='pj-card__stat pj-card__stat--right'>
              <Text className='pj-card__stat-label'>{t('project.donors')}</Text>
              <Text className='pj-card__stat-value' data-testid='project-donors'>
                {t('project.donorCount', { n: card.stats.donors })}
              </Text>
            </View>
          </View>
        ) : null}
      </View>
    </View>
  )
}
