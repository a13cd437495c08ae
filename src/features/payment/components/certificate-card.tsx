/**
 * The e-certificate on the thank-you page: the image once the server has rendered it (tap: full screen; long-press:
 * save to the album in the mini-programs, the browser's own menu on H5), a placeholder until then (tap: 证书生成中).
 */
import Taro from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import { quiet, toast } from '@/lib/quiet'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import { saveRemoteImage } from '../model/save-image'
import './certificate-card.scss'
import { imageAlt, pressable } from '@/lib/a11y'

interface Props {
  url: string
  /** still polling for the image */
  waiting: boolean
  /** false: this gift comes without an e-certificate */
  expected: boolean
}

export default function CertificateCard({ url, waiting, expected }: Props) {
  const t = useT()
  const mini = platform.env().target !== 'h5'

  // review readiness: after a refused album permission the only way back is the settings page
  const askForAlbum = () =>
    quiet(() =>
      Taro.showModal({
        title: t('permission.album.title'),
        content: t('permission.album.content'),
        confirmText: t('permission.openSettings'),
        cancelText: t('common.cancel')
      }).then((res) => {
        if (res.confirm) quiet(() => Taro.openSetting())
      })
    )

  const save = async () => {
    const r = await saveRemoteImage(url)
    if (r === 'saved') toast(t('payment.success.saved'), 1000)
    else if (r === 'denied') askForAlbum()
    else if (r === 'failed') toast(t('payment.success.saveFailed'), 2000)
  }

  return (
    <View className='pm-cert' data-testid='certificate'>
      <Text className='pm-cert__heading'>{t('payment.success.certificate')}</Text>
      {url ? (
        <View className='pm-cert__frame'>
          <Image
            {...imageAlt(t('a11y.certificate'))}
            className='pm-cert__img'
            src={url}
            mode='widthFix'
            data-testid='certificate-img'
            onClick={() => quiet(() => Taro.previewImage({ urls: [url], current: url }))}
            onLongPress={
              mini
                ? () => {
                    save()
                  }
                : undefined
            }
          />
          <Text className='pm-cert__hint'>{t(mini ? 'payment.success.hintMini' : 'payment.success.hintWeb')}</Text>
        </View>
      ) : !expected ? (
        <View className='pm-cert__placeholder pm-cert__placeholder--none' data-testid='certificate-none'>
          <Text className='pm-cert__pending-hint'>{t('payment.success.noCertificate')}</Text>
        </View>
      ) : (
        <View
          className='pm-cert__placeholder'
          data-testid='certificate-pending'
          {...pressable(() => toast(t('payment.success.generating'), 1000))}
        >
          {waiting ? <View className='pm-cert__spinner' /> : null}
          <Text className='pm-cert__pending-title'>{t('payment.success.generating')}</Text>
          <Text className='pm-cert__pending-hint'>{t(waiting ? 'payment.success.generatingHint' : 'payment.success.laterHint')}</Text>
        </View>
      )}
    </View>
  )
}
