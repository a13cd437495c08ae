/**
 * 捐赠名录: donation records of the project (donateRecordPage, names already masked by the server), or for naming
 * projects the named seats (donateSeatList, namingType 1) or books (donateBookList, namingType 2).
 */
import { View, Text } from '@tarojs/components'
import { CrowdType, PAGE_SIZE, type DonationRecord, type NamingRecord, type Project } from '@contract'
import { cutMinute } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { fetchDonateBooks, fetchDonateRecords, fetchDonateSeats } from '../../api/items'
import { useTabList } from '../../hooks/use-tab-list'
import { directorySource } from '../../model/project'
import Avatar from './avatar'
import PagedPane from './paged-pane'
import './panes.scss'

function recordAmount(r: DonationRecord): string {
  if (r.crowdType === CrowdType.GOODS) return `${r.donateMaterialNumber ?? 0} ${r.materialUnit || ''}`.trim()
  return `¥${formatMoney(r.donateMoney)}`
}

function RecordsPane({ itemsId, active }: { itemsId: number; active: boolean }) {
  const list = useTabList(fetchDonateRecords, itemsId, PAGE_SIZE.DIRECTORY)
  return (
    <PagedPane
      list={list}
      active={active}
      emptyKey='project.directory.empty'
      testId='pane-directory'
      renderRow={(r: DonationRecord) => (
        <View key={r.id} className='pj-row' data-testid='directory-row'>
          <Avatar src={r.avatar} name={r.name} />
          <View className='pj-row__main'>
            <Text className='pj-row__title' data-content=''>
              {r.name}
            </Text>
            <Text className='pj-row__sub'>
              {cutMinute(r.donateTime)}
              {r.subItemsName ? ` · ${r.subItemsName}` : ''}
            </Text>
          </View>
          <Text className='pj-row__amount'>{recordAmount(r)}</Text>
        </View>
      )}
    />
  )
}

function NamingPane({ itemsId, active, books }: { itemsId: number; active: boolean; books: boolean }) {
  const list = useTabList(books ? fetchDonateBooks : fetchDonateSeats, itemsId, PAGE_SIZE.DETAIL_NAMING)
  return (
    <PagedPane
      list={list}
      active={active}
      emptyKey='project.directory.empty'
      testId='pane-directory'
      renderRow={(r: NamingRecord) => (
        <View key={r.id} className='pj-row' data-testid='directory-row'>
          <Avatar name={r.name} />
          <View className='pj-row__main'>
            <Text className='pj-row__title' data-content=''>
              {r.name}
            </Text>
            <Text className='pj-row__sub' data-content=''>
              {r.seat}
            </Text>
            <Text className='pj-row__sub'>{cutMinute(r.donateTime)}</Text>
          </View>
          <Text className='pj-row__amount'>¥{formatMoney(r.donateMoney)}</Text>
        </View>
      )}
    />
  )
}

export default function DirectoryPane({ project, active }: { project: Project; active: boolean }) {
  const source = directorySource(project)
  if (source === 'records') return <RecordsPane itemsId={project.id} active={active} />
  return <NamingPane key={source} itemsId={project.id} active={active} books={source === 'books'} />
}
