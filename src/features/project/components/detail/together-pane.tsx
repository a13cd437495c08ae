/**
 * 一起捐: joint donations started for this project. docs/product §2 sends a tap to together-share?id, which a later issue
 * adds; until ROUTES has it the entries are plain cards (see navigation.ts).
 */
import { View, Text } from '@tarojs/components'
import { CrowdType, PAGE_SIZE, type Project, type TogetherDonation } from '@contract'
import { formatMoney, progressPercent } from '@/lib/money'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import { fetchTogetherList } from '../../api/items'
import { useTabList } from '../../hooks/use-tab-list'
import { hrefOf } from '../../navigation'
import ProgressLine from '../progress-line'
import Avatar from './avatar'
import PagedPane from './paged-pane'
import './together-pane.scss'
import { pressable } from '@/lib/a11y'

function TogetherCard({ row, goods }: { row: TogetherDonation; goods: boolean }) {
  const t = useT()
  const href = hrefOf({ name: 'together-share', query: { id: row.id } })
  const raised = goods ? `${row.completeMaterialNumber ?? 0} ${row.materialUnit || ''}`.trim() : `¥${formatMoney(row.completeMoney)}`
  return (
    <View
      className={`pj-together ${href ? 'pj-together--link' : ''}`}
      data-testid='together-row'
      {...pressable(href ? () => platform.nav.to(href) : undefined)}
    >
      <View className='pj-together__head'>
        <Avatar src={row.avatar} name={row.sponsor} size='sm' />
        <View className='pj-together__who'>
          <Text className='pj-together__sponsor'>{t('project.together.sponsor', { name: row.sponsor })}</Text>
          <Text className='pj-together__count'>{t('project.together.participants', { n: row.participants ?? 0 })}</Text>
        </View>
      </View>
      {row.slogan ? <Text className='pj-together__slogan'>“{row.slogan}”</Text> : null}
      {row.isTarget === 1 && !goods ? (
        <View className='pj-together__progress'>
          <ProgressLine percent={progressPercent(row.completeMoney, row.targetMoney)} />
        </View>
      ) : null}
      <View className='pj-together__foot'>
        <Text>{t('project.together.raised', { amount: raised })}</Text>
        {row.isTarget === 1 && !goods ? <Text>{t('project.together.target', { amount: `¥${formatMoney(row.targetMoney)}` })}</Text> : null}
      </View>
    </View>
  )
}

export default function TogetherPane({ project, active }: { project: Project; active: boolean }) {
  const list = useTabList(fetchTogetherList, project.id, PAGE_SIZE.LIST)
  const goods = project.crowdType === CrowdType.GOODS
  return (
    <PagedPane
      list={list}
      active={active}
      emptyKey='project.together.empty'
      testId='pane-together'
      renderRow={(row: TogetherDonation) => <TogetherCard key={row.id} row={row} goods={goods} />}
    />
  )
}
