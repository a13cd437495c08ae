/** A centred dialog of the artwork pages: title, scrolling body, close, and an optional main action. */
import type { PropsWithChildren } from 'react'
import { Button, Text, View } from '@tarojs/components'
import { useT } from '@/store/session'
import './artwork.scss'

interface Props {
  title: string
  onClose(): void
  testId: string
  action?: { label: string; onTap(): void; testId: string }
}

export default function Popup({ title, onClose, testId, action, children }: PropsWithChildren<Props>) {
  const t = useT()
  return (
    <View className='aw-mask' data-testid={testId}>
      <View className='aw-dialog'>
        <Text className='aw-dialog__title'>{title}</Text>
        <View className='aw-dialog__body'>{children}</View>
        <View className='aw-dialog__actions'>
          <Button className='aw-btn aw-btn--ghost' onClick={onClose} data-testid={`${testId}-close`}>
            {t('common.close')}
          </Button>
          {action ? (
            <Button className='aw-btn aw-btn--primary' onClick={action.onTap} data-testid={action.testId}>
              {action.label}
            </Button>
          ) : null}
        </View>
      </View>
    </View>
  )
}
