/**
 * Province / city / district cascade from the area dictionary (S/api/v1/dictionary/area/getAreaDictionaryByParentId):
 * each tap loads the next level until a leaf; the tabs above go back a level.
 */
import { useState } from 'react'
import { ScrollView, Text, View } from '@tarojs/components'
import { AtFloatLayout } from 'taro-ui'
import type { AreaDictionaryNode } from '@contract'
import { useData } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { fetchAreaChildren } from '../api/donate'
import type { Region } from '../model/form-state'
import 'taro-ui/lib/style/components/float-layout.scss'
import './area-sheet.scss'
import { pressable } from '@/lib/a11y'

interface Props {
  open: boolean
  onClose(): void
  onPick(region: Region): void
}

export const regionText = (r: Region): string => [r.province, r.city, r.district].filter(Boolean).join(' ')

export default function AreaSheet({ open, onClose, onPick }: Props) {
  const t = useT()
  const theme = useTheme()
  // the chosen levels so far; the list shows the children of the last ('0': the provinces)
  const [path, setPath] = useState<AreaDictionaryNode[]>([])
  const parentId = path.length ? path[path.length - 1].id : '0'
  const level = useData(() => fetchAreaChildren(parentId), [parentId], { enabled: open })
  const nodes = level.data || []

  // every opening starts again from the provinces
  const close = () => {
    setPath([])
    onClose()
  }

  const pick = (node: AreaDictionaryNode) => {
    const next = [...path, node]
    if (node.isLeaf === 1 || next.length >= 3) {
      onPick({ province: next[0]?.title || '', city: next[1]?.title || '', district: next[2]?.title || '' })
      close()
      return
    }
    setPath(next)
  }

  const back = (depth: number) => setPath(path.slice(0, depth))

  return (
    <AtFloatLayout isOpened={open} title={t('donate.area.title')} onClose={close}>
      <View className='dn-area' data-testid='area-sheet'>
        <View className='dn-area__tabs'>
          {path.map((n, i) => (
            <Text key={n.id} className='dn-area__tab' {...pressable(() => back(i))}>
              {n.title}
            </Text>
          ))}
          <Text className='dn-area__tab dn-area__tab--on' style={{ color: theme, borderColor: theme }}>
            {t('donate.area.choose')}
          </Text>
        </View>
        <ScrollView scrollY className='dn-area__list'>
          {level.status === 'loading' ? <Text className='dn-area__state'>{t('common.loading')}</Text> : null}
          {level.status === 'error' ? (
            <Text className='dn-area__state' {...pressable(level.reload)}>
              {t('common.loadFailed')} · {t('common.retry')}
            </Text>
          ) : null}
          {level.status === 'ready'
            ? nodes.map((n) => (
                <View key={n.id} className='dn-area__item' data-testid='area-item' {...pressable(() => pick(n))}>
                  {n.title}
                </View>
              ))
            : null}
        </ScrollView>
      </View>
    </AtFloatLayout>
  )
}
