/** The user agreement of the login page: baseConfig agreeTitle / agreeContent, sanitised (docs/product §2 Other: login). */
import { Button, RichText, ScrollView, Text } from '@tarojs/components'
import { AtModal, AtModalAction, AtModalContent, AtModalHeader } from 'taro-ui'
import { platform } from '@/platform'
import { sanitizeHtml } from '@/lib/sanitize'
import { useSession, useT } from '@/store/session'
import 'taro-ui/lib/style/components/modal.scss'
import './agreement-dialog.scss'

interface Props {
  open: boolean
  onClose(): void
  /** "I have read and agree": ticks the box and closes */
  onAgree(): void
}

export default function AgreementDialog({ open, onClose, onAgree }: Props) {
  const t = useT()
  const base = useSession((s) => s.baseConfig)
  const html = sanitizeHtml(base?.agreeContent || '', platform.assetUrl)
  return (
    <AtModal isOpened={open} onClose={onClose}>
      <AtModalHeader>{base?.agreeTitle || t('identity.agree.title')}</AtModalHeader>
      <AtModalContent>
        <ScrollView scrollY className='lg-agreement' data-testid='agreement-dialog'>
          {html ? <RichText nodes={html} /> : <Text className='lg-agreement__empty'>{t('identity.agree.empty')}</Text>}
        </ScrollView>
      </AtModalContent>
      <AtModalAction>
        <Button onClick={onClose} data-testid='agreement-close'>
          {t('common.close')}
        </Button>
        <Button onClick={onAgree} data-testid='agreement-agree'>
          {t('identity.agree.accept')}
        </Button>
      </AtModalAction>
    </AtModal>
  )
}
