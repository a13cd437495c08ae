/** Top of the project lists: the search box (searches by `s` on confirm or the action button) and LangSwitch. */
import { useState } from 'react'
import { View } from '@tarojs/components'
import { AtSearchBar } from 'taro-ui'
import { LangSwitch } from '@/components/page-shell'
import { useT } from '@/store/session'
import 'taro-ui/lib/style/components/search-bar.scss'
import './list-header.scss'

export default function ListHeader({ onSearch }: { onSearch(s: string): void }) {
  const t = useT()
  const [text, setText] = useState('')
  const submit = () => onSearch(text.trim())
  return (
    <View className='pj-list-header'>
      <View className='pj-list-header__search' data-testid='project-search'>
        <AtSearchBar
          value={text}
          placeholder={t('project.searchPlaceholder')}
          actionName={t('common.search')}
          onChange={(v) => setText(v)}
          onConfirm={submit}
          onActionClick={submit}
          onClear={() => {
            setText('')
            onSearch('')
          }}
        />
      </View>
      <LangSwitch />
    </View>
  )
}
