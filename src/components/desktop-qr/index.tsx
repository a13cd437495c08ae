/**
 * docs/product §1: on a desktop browser, a 180x180 QR overlay asks the visitor to scan the page with WeChat, once
 * per visit (sessionStorage): after it is closed, pages opened in the same tab show the app itself, which a
 * desktop-width window draws as a centred column (src/app.scss). The QR image is generated locally
 * (qrcode-generator, loaded only here, so phones never download it), never fetched.
 */
import { useEffect, useState } from 'react'
import { View, Image, Text } from '@tarojs/components'
import { useT } from '@/store/session'
import './index.scss'
import { imageAlt, pressable } from '@/lib/a11y'

const SEEN_KEY = 'desktopQrClosed'

export async function qrDataUrl(text: string): Promise<string> {
  const { default: qrcode } = await import(/* webpackChunkName: "qrcode" */ 'qrcode-generator')
  const qr = qrcode(0, 'M')
  qr.addData(text)
  qr.make()
  // cell size chosen so the code fills about 180 px
  const cell = Math.max(2, Math.floor(180 / (qr.getModuleCount() + 8)))
  return qr.createDataURL(cell, cell * 4)
}

/** Whether the card was closed earlier in this visit (a tab's session); storage that throws counts as not closed. */
function closedThisVisit(): boolean {
  try {
    return window.sessionStorage.getItem(SEEN_KEY) === '1'
  } catch {
    return false
  }
}

export default function DesktopQr({ url }: { url: string }) {
  const t = useT()
  const [open, setOpen] = useState(() => !closedThisVisit())
  const [src, setSrc] = useState('')
  useEffect(() => {
    if (!open) return
    let live = true
    qrDataUrl(url)
      .then((data) => live && setSrc(data))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [open, url])
  if (!open) return null
  const close = () => {
    try {
      window.sessionStorage.setItem(SEEN_KEY, '1')
    } catch {
      // private mode without storage: the card comes back on the next page, as before
    }
    setOpen(false)
  }
  return (
    <View className='desktop-qr' data-testid='desktop-qr'>
      <View className='desktop-qr__card'>
        <Image {...imageAlt(t('a11y.qr'))} className='desktop-qr__img' src={src} />
        <Text className='desktop-qr__title'>{t('qr.title')}</Text>
        <Text className='desktop-qr__desc'>{t('qr.desc')}</Text>
        <View className='desktop-qr__close' data-testid='desktop-qr-close' {...pressable(close)}>
          {t('common.close')}
        </View>
      </View>
    </View>
  )
}
