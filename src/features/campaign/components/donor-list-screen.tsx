/**
 * The campaigns' donor lists (docs/product §2: tree-naming-donateList-cpu, -xzit, and -hhu merging the two hhu
 * items): donor, tree, time, newest first. docs/product §9: naming lists ask for 999 rows at once.
 */
import { Text, View } from '@tarojs/components'
import LoadState from '@/components/load-state'
import { useData } from '@/lib/hooks/use-data'
import { useT } from '@/store/session'
import { fetchNamedSeats } from '../api/campaign'
import { useItemIds } from '../hooks/use-campaign-items'
import { LISTS, type ListRoute } from '../model/campaigns'
import { mergeDonors } from '../model/views'
import './campaign.scss'

export default function DonorListScreen({ route }: { route: ListRoute }) {
  const t = useT()
  const def = LISTS[route]
  const itemIds = useItemIds(def.items)
  const key = itemIds.join(',')
  const list = useData(
    async () => {
      const ids = key.split(',').map(Number)
      const pages = await Promise.all(ids.map((id) => fetchNamedSeats(id)))
      return mergeDonors(pages.map((p, i) => ({ itemsId: ids[i], rows: p.rows })))
    },
    [key],
    { enabled: itemIds.length > 0 }
  )
  if (!itemIds.length) return <LoadState state={list} className='cm-state' testId='campaign-missing' missing={t('campaign.missing')} />
  if (!list.data) return <LoadState state={list} className='cm-state' testId='donor-list-state' />
  return (
    <View className='cm-list' data-testid='donor-list'>
      <View className='cm-list__head'>
        <Text className='cm-list__col cm-list__col--name'>{t('campaign.list.name')}</Text>
        <Text className='cm-list__col cm-list__col--what'>{t('campaign.list.what')}</Text>
        <Text className='cm-list__col cm-list__col--time'>{t('campaign.list.time')}</Text>
      </View>
      {list.data.length === 0 ? (
        <View className='cm-list__empty' data-testid='donor-list-empty'>
          {t('campaign.list.empty')}
        </View>
      ) : (
        list.data.map((r) => (
          <View key={r.key} className='cm-list__row' data-testid='donor-row'>
            {/* the donor's name and the seat's or tree's label: people's and the school's words (decision 073) */}
            <Text className='cm-list__col cm-list__col--name' data-testid='donor-name' data-content=''>
              {r.name}
            </Text>
            <Text className='cm-list__col cm-list__col--what' data-content=''>
              {r.what}
            </Text>
            <Text className='cm-list__col cm-list__col--time'>{r.time}</Text>
          </View>
        ))
      )}
    </View>
  )
}
