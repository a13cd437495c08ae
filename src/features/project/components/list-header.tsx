/**
 * Top of the project lists: the search box (searches by `s` on confirm or the search button) and LangSwitch.
 * AtSearchBar's own action button is hidden: it is coloured by a compile-time scss variable, and the search
 * button must carry the school's theme colour.
 */
import { useEffect, useRef, useState } from 'react'
import { View } from '@tarojs/components'
import { AtSearchBar } from 'taro-ui'
import { LangSwitch } from '@/components/page-shell'
import { labelInnerInputs, pressable } from '@/lib/a11y'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import 'taro-ui/lib/style/components/search-bar.scss'
import './list-header.scss'

export default function ListHeader({ onSearch }: { onSearch(s: string): void }) {
  const t = useT()
  const theme = useTheme()
  const [text, setText] = useState('')
  const submit = () => onSearch(text.trim())
  // AtSearchBar passes nothing to its input: its name is set on the rendered element (H5)
  const searchRef = useRef(null)
  const searchLabel = t('a11y.search')
  useEffect(() => labelInnerInputs(searchRef.current, searchLabel), [searchLabel])
  return (
    <View className='pj-list-header'>
      <View className='pj-list-header__search' data-testid='project-search' ref={searchRef} role='search'>
        <AtSearchBar
          value={text}
          placeholder={t('project.searchPlaceholder')}
          onChange={(v) => {
            setText(v)
            // emptied by hand: show everything again (the search button disappears with the text)
            if (!v.trim()) onSearch('')
          }}
          onConfirm={submit}
          onClear={() => {
            setText('')
            onSearch('')
          }}
        />
      </View>
      {text ? (
        <View className='pj-list-header__go' style={{ backgroundColor: theme }} data-testid='search-button' {...pressable(submit)}>
          {t('common.search')}
        </View>
      ) : (
        <LangSwitch />
      )}
    </View>
  )
}
