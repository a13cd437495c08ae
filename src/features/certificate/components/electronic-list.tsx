/**
 * Electronic certificates (certificate/page isNeedPaper 0, paged 10). Tapping one with an image opens the
 * full-screen viewer (its long-press menu saves it); without an image the toast 证书生成中 shows for 1 s.
 */
import { useCallback, useMemo } from 'react'
import { Image, Text, View } from '@tarojs/components'
import Taro, { useReachBottom } from '@tarojs/taro'
import { PAGE_SIZE } from '@contract'
import ListFooter from '@/components/list-footer'
import { usePagedList } from '@/lib/hooks/use-paged-list'
import { useTheme } from '@/lib/hooks/use-page-title'
import { quiet, toast } from '@/lib/quiet'
import { platform } from '@/platform'
import { useSession, useT } from '@/store/session'
import { fetchCertificatePage } from '../api/certificate'
import { toCertificateView, type CertificateView } from '../model/record'
import './certificate-list.scss'
import { imageAlt, pressable } from '@/lib/a11y'

export function openCertificate(c: Pick<CertificateView, 'image'>, generatingText: string) {
  if (!c.image) {
    toast(generatingText, 1000)
    return
  }
  quiet(() => Taro.previewImage({ urls: [c.image], current: c.image }))
}

export default function ElectronicList() {
  const t = useT()
  const theme = useTheme()
  const lang = useSession((s) => s.lang)
  const fetchPage = useCallback((offset: number, limit: number) => fetchCertificatePage({ isNeedPaper: 0, offset, limit }), [])
  const list = usePagedList(fetchPage, PAGE_SIZE.LIST, `electronic-${lang}`)
  useReachBottom(() => list.loadMore())
  const rows = useMemo(() => list.rows.map((r) => toCertificateView(r, platform.assetUrl)), [list.rows])

  return (
    <View className='cert-list' data-testid='cert-electronic'>
      {rows.map((c) => (
        <View
          key={c.id}
          className='cert-card'
          data-testid={`cert-item-${c.id}`}
          {...pressable(() => openCertificate(c, t('certificate.generating')))}
        >
          <View className='cert-card__cover'>
            {c.image ? (
              <Image {...imageAlt('')} className='cert-card__img' src={c.image} mode='aspectFill' lazyLoad />
            ) : (
              <View className='cert-card__img cert-card__img--pending'>
                <Text>{t('certificate.generating')}</Text>
              </View>
            )}
          </View>
          <View className='cert-card__body'>
            <Text className='cert-card__name'>{c.name}</Text>
            <Text className='cert-card__amount'>{c.amount}</Text>
            <Text className='cert-card__meta'>{c.donateTime}</Text>
            <Text className='cert-card__action' style={c.image ? { color: theme } : undefined}>
              {c.image ? `${t('certificate.view')} ›` : t('certificate.generating')}
            </Text>
          </View>
        </View>
      ))}
      <ListFooter
        status={list.status}
        count={rows.length}
        loaded={list.loaded}
        emptyKey='certificate.emptyElectronic'
        onRetry={list.reload}
      />
    </View>
  )
}
