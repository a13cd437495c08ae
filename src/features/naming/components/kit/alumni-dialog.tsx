/**
 * docs/product §6: seat campaigns are for certified alumni; a donor who is not gets this reminder (0201), with the
 * alumni sign-in beside close (decision 061).
 */
import { Button, Text, View } from '@tarojs/components'
import { AtModal, AtModalAction, AtModalContent, AtModalHeader } from 'taro-ui'
import { useT } from '@/store/session'
import { AlumniSignInButton } from '@/features/donate'
import 'taro-ui/lib/style/components/modal.scss'
import './kit.scss'

export default function AlumniDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT()
  return (
    <AtModal className='nm-modal' isOpened={open} onClose={onClose}>
      <AtModalHeader>{t('naming.alumni.title')}</AtModalHeader>
      <AtModalContent>
        <View className='nm-modal__body' data-testid='naming-alumni-dialog'>
          <Text>{t('naming.alumni.text')}</Text>
        </View>
      </AtModalContent>
      <AtModalAction>
        <Button onClick={onClose} data-testid='naming-alumni-close'>
          {t('common.close')}
        </Button>
        <AlumniSignInButton label={t('donate.alumni.login')} onDone={onClose} />
      </AtModalAction>
    </AtModal>
  )
}
