/**
 * cpu's 'phone a teacher' dialog and xzit's building contact dialog (docs/product §2 Maps; §6 "naming at some
 * foundation campaigns happens via external form or staff contact"). The number is the school's offline contact
 * text (settings.offlineContactInfo); 'call' appears when that text holds a phone number.
 */
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { quiet } from '@/lib/quiet'
import { useSession, useT } from '@/store/session'
import { phoneIn } from '../model/views'
import Dialog from './dialog'

export default function ContactDialog({ kind, onClose }: { kind: 'phone' | 'contact' | null; onClose(): void }) {
  const t = useT()
  const info = useSession((s) => s.settings.offlineContactInfo)
  const phone = phoneIn(info)
  return (
    <Dialog
      open={kind !== null}
      title={kind === 'phone' ? t('campaign.phone.title') : t('campaign.contact.title')}
      testId={kind === 'phone' ? 'phone-dialog' : 'contact-dialog'}
      onClose={onClose}
    >
      <Text className='cm-dialog__text'>{kind === 'phone' ? t('campaign.phone.body') : t('campaign.contact.body')}</Text>
      {info ? (
        <Text className='cm-dialog__text cm-dialog__text--strong' data-testid='contact-info'>
          {info}
        </Text>
      ) : null}
      {phone ? (
        <View
          className='cm-dialog__button'
          role='button'
          data-testid='contact-call'
          onClick={() => quiet(() => Taro.makePhoneCall({ phoneNumber: phone }))}
        >
          {t('campaign.phone.call')}
        </View>
      ) : null}
    </Dialog>
  )
}
