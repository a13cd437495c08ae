/** 项目进展: dated entries with attachment images; tapping one previews all of that entry's images. */
import { View, Text, Image } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { PAGE_SIZE, type Project, type ProgressEntry } from '@contract'
import { cutDay } from '@/lib/dates'
import { quiet } from '@/lib/quiet'
import { platform } from '@/platform'
import { fetchProgressList } from '../../api/items'
import { useTabList } from '../../hooks/use-tab-list'
import PagedPane from './paged-pane'
import './progress-pane.scss'
import { imageAlt } from '@/lib/a11y'

function Entry({ entry }: { entry: ProgressEntry }) {
  const urls = (entry.attachmentList || [])
    .map((a) => a.fileUrl)
    .filter(Boolean)
    .map(platform.assetUrl)
  return (
    <View className='pj-timeline' data-testid='progress-row'>
      <View className='pj-timeline__dot' />
      <Text className='pj-timeline__date'>{cutDay(entry.progressDate)}</Text>
      <Text className='pj-timeline__text'>{entry.content}</Text>
      {urls.length ? (
        <View className='pj-timeline__images'>
          {urls.map((url) => (
            <Image
              {...imageAlt('')}
              key={url}
              className='pj-timeline__img'
              src={url}
              mode='aspectFill'
              data-testid='progress-image'
              onClick={() => quiet(() => Taro.previewImage({ current: url, urls }))}
            />
          ))}
        </View>
      ) : null}
    </View>
  )
}

export default function ProgressPane({ project, active }: { project: Project; active: boolean }) {
  const list = useTabList(fetchProgressList, project.id, PAGE_SIZE.LIST)
  return (
    <PagedPane
      list={list}
      active={active}
      emptyKey='project.progress.empty'
      testId='pane-progress'
      renderRow={(e: ProgressEntry) => <Entry key={e.id} entry={e} />}
    />
  )
}
