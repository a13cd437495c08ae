/** 项目留言: the composer, then messages with the admin's reply when there is one. */
import { View, Text } from '@tarojs/components'
import { PAGE_SIZE, type LeaveMessage, type Project } from '@contract'
import { cutMinute } from '@/lib/dates'
import { useT } from '@/store/session'
import { fetchLeavewordList } from '../../api/items'
import { useTabList } from '../../hooks/use-tab-list'
import Avatar from './avatar'
import MessageComposer from './message-composer'
import PagedPane from './paged-pane'
import './messages-pane.scss'

function MessageRow({ m }: { m: LeaveMessage }) {
  const t = useT()
  return (
    <View className='pj-msg' data-testid='message-row'>
      <Avatar src={m.avatar} name={m.nickname} size='sm' />
      <View className='pj-msg__main'>
        <View className='pj-msg__meta'>
          <Text className='pj-msg__name'>{m.nickname || t('project.message.anonymous')}</Text>
          <Text className='pj-msg__time'>{cutMinute(m.createDate)}</Text>
        </View>
        <Text className='pj-msg__content'>{m.content}</Text>
        {m.replyContent ? (
          <View className='pj-msg__reply' data-testid='message-reply'>
            <Text className='pj-msg__reply-label'>{t('project.message.reply')}</Text>
            <Text>{m.replyContent}</Text>
          </View>
        ) : null}
      </View>
    </View>
  )
}

export default function MessagesPane({ project, active }: { project: Project; active: boolean }) {
  const list = useTabList(fetchLeavewordList, project.id, PAGE_SIZE.LIST)
  return (
    <View>
      <MessageComposer itemsId={project.id} onPosted={list.reload} />
      <PagedPane
        list={list}
        active={active}
        emptyKey='project.message.emptyList'
        testId='pane-messages'
        renderRow={(m: LeaveMessage) => <MessageRow key={m.id} m={m} />}
      />
    </View>
  )
}
