/**
 * The pages of an agreement as images (docs/decisions/017: the server renders each PDF page to a JPEG, since neither
 * mini-program can show a PDF inline). A tap opens the pages full screen. Loading, failure (with retry) and 'no
 * agreement yet' have their own words.
 */
import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { platform } from '@/platform'
import { useData } from '@/lib/hooks/use-data'
import { quiet } from '@/lib/quiet'
import { useT } from '@/store/session'
import { fetchPages } from '../api/agreement'
import './agreement.scss'
import { imageAlt } from '@/lib/a11y'

export function usePages(url: string) {
  return useData(() => fetchPages(url), [url], { enabled: !!url })
}

export function PageImages({ pages, testId = 'agreement-pages' }: { pages: string[]; testId?: string }) {
  const t = useT()
  const urls = pages.map((p) => platform.assetUrl(p))
  return (
    <View className='ag-pages' data-testid={testId}>
      {urls.map((u, i) => (
        <View key={u} className='ag-pages__page'>
          <Image
            {...imageAlt(t('agreement.pageOf', { n: i + 1, total: urls.length }))}
            className='ag-pages__img'
            src={u}
            mode='widthFix'
            lazyLoad
            data-testid='agreement-page'
            onClick={() => quiet(() => Taro.previewImage({ urls, current: u }))}
          />
          <Text className='ag-pages__no'>{t('agreement.pageOf', { n: i + 1, total: urls.length })}</Text>
        </View>
      ))}
    </View>
  )
}

export default function AgreementPages({ url }: { url: string }) {
  const t = useT()
  const pages = usePages(url)
  if (!url) return <View className='ag-state'>{t('agreement.noPages')}</View>
  if (pages.status === 'error')
    return (
      <View className='ag-state' data-testid='agreement-pages-failed' onClick={pages.reload}>
        <Text>{t('agreement.failed')}</Text>
        <Text className='ag-state__retry'>{t('common.retry')}</Text>
      </View>
    )
  if (!pages.data) return <View className='ag-state'>{t('common.loading')}</View>
  if (!pages.data.length) return <View className='ag-state'>{t('agreement.noPages')}</View>
  return <PageImages pages={pages.data} />
}
