/** seat-naming-jnu/seat: 'choose other area' (docs/product §2) as a modal list of the campaign's areas. */
import { Text, View } from '@tarojs/components'
import { AtModal, AtModalContent, AtModalHeader } from 'taro-ui'
import type { NamingArea } from '@contract'
import { useT } from '@/store/session'
import 'taro-ui/lib/style/components/modal.scss'
import '../kit/kit.scss'
import './seat.scss'

export default function AreaModal({
  open,
  areas,
  current,
  onPick,
  onClose
}: {
  open: boolean
  areas: NamingArea[]
  current: number
  onPick(id: number): void
  onClose(): void
}) {
  const t = useT()
  return (
    <AtModal className='nm-modal' isOpened={open} onClose={onClose}>
      <AtModalHeader>{t('naming.seat.otherArea')}</AtModalHeader>
      <AtModalContent>
        <View className='nm-areas' data-testid='area-modal'>
          {areas.map((a) => (
            <View
              key={a.id}
              className={`nm-areas__item${a.id === current ? ' nm-areas__item--on' : ''}`}
              data-testid={`area-pick-${a.id}`}
              onClick={() => {
                onPick(a.id)
                onClose()
              }}
            >
              <Text data-content=''>{a.title}</Text>
            </View>
          ))}
        </View>
      </AtModalContent>
    </AtModal>
  )
}
