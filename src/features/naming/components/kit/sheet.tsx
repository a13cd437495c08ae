/** A bottom sheet (taro-ui's float layout) with the naming pages' title and body spacing. */
import type { PropsWithChildren } from 'react'
import { View } from '@tarojs/components'
import { AtFloatLayout } from 'taro-ui'
import 'taro-ui/lib/style/components/float-layout.scss'
import './kit.scss'

export default function Sheet({
  open,
  title,
  onClose,
  testId,
  children
}: PropsWithChildren<{ open: boolean; title: string; onClose(): void; testId: string }>) {
  return (
    <AtFloatLayout className='nm-sheet' isOpened={open} title={title} onClose={onClose}>
      {open ? (
        <View className='nm-sheet__body' data-testid={testId}>
          {children}
        </View>
      ) : null}
    </AtFloatLayout>
  )
}
