/**
 * docs/product §1: on a desktop browser, a 180x180 QR overlay asks the visitor to scan the page with WeChat.
 * The QR image is generated locally (qrcode-generator), never fetched.
 */
import { useMemo, useState } from 'react'
import { View, Image, Text } from '@tarojs/components'
import qrcode from 'qrcode-generator'
import { useT } from '@/store/session'
import './index.scss'

export function qrDataUrl(text: string): string {
  const qr = qrcode(0, 'M')
  qr.addData(text)
  qr.make()
  // cell size chosen so the code fills about 180 px
  const cell = Math.max(2, Math.floor(180 / (qr.getModuleCount() + 8)))
  return qr.createDataURL(cell, cell * 4)
}

export default function DesktopQr({ url }: { url: string }) {
  const t = useT()
  const [open, setOpen] = useState(true)
  const src = useMemo(() => qrDataUrl(url), [url])
  if (!open) return null
  return (
    <View className='desktop-qr' data-testid='desktop-qr'>
      <View className='desktop-qr__card'>
        <Image className='desktop-qr__img' src={src} />
        <Text className='desktop-qr__title'>{t('qr.title')}</Text>
        <Text className='desktop-qr__desc'>{t('qr.desc')}</Text>
        <View className='desktop-qr__close' onClick={() => setOpen(false)}>
          {t('common.close')}
        </View>
      </View>
    </View>
  )
}
