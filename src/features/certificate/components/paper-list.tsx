/**
 * Paper certificate applications (certificate/page isNeedPaper 1) with sub-tabs All / In making / Produced (status
 * 0/1/2); an item opens mine-certificate-detail?id&tab; the apply button when isOpenPaper is 1.
 */
import { useCallback, useMemo, useState } from 'react'
import { Image, Text, View } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { PAGE_SIZE } from '@contract'
import { ActionBar } from '@/components/apply-flow'
import ListFooter from '@/components/list-footer'
import SegmentTabs from '@/components/segment-tabs'
import StatusChip from '@/components/status-chip'
import { usePagedList } from '@/lib/hooks/use-paged-list'
import { routeUrl } from '@/lib/routes'
import { platform } from '@/platform'
import { useSession, useT } from '@/store/session'
import { fetchCertificatePage } from '../api/certificate'
import { toCertificateView } from '../model/record'
import { PAPER_FILTERS, type PaperFilter } from '../model/tab'
import './certificate-list.scss'
import { imageAlt, pressable } from '@/lib/a11y'

export default function PaperList({ canApply, onApply }: { canApply: boolean; onApply(): void }) {
  const t = useT()
  const lang = useSession((s) => s.lang)
  const [filter, setFilter] = useState<PaperFilter>(0)
  const fetchPage = useCallback(
    (offset: number, limit: number) => fetchCertificatePage({ isNeedPaper: 1, status: filter, offset, limit }),
    [filter]
  )
  const list = usePagedList(fetchPage, PAGE_SIZE.LIST, `paper-${filter}-${lang}`)
  useReachBottom(() => list.loadMore())
  const rows = useMemo(() => list.rows.map((r) => toCertificateView(r, platform.assetUrl)), [list.rows])

  return (
    <View data-testid='cert-paper'>
      <SegmentTabs<PaperFilter>
        variant='pill'
        tabs={PAPER_FILTERS.map((k) => ({ key: k, title: t(`certificate.filter.${k}`) }))}
        current={filter}
        onChange={setFilter}
        testPrefix='cert-filter'
      />
      <View className='cert-list'>
        {rows.map((c) => (
          <View
            key={c.id}
            className='cert-paper'
            data-testid={`cert-paper-${c.id}`}
            {...pressable(() => platform.nav.to(routeUrl('mine-certificate-detail', { id: c.id, tab: filter })))}
          >
            <View className='cert-paper__top'>
              <Text>
                {t('certificate.applyDate')} {c.applyDate}
              </Text>
              <StatusChip status={c.status} labelKey={c.statusKey} testId={`cert-status-${c.id}`} />
            </View>
            <View className='cert-paper__main'>
              {c.thumb ? (
                <Image {...imageAlt('')} className='cert-paper__thumb' src={c.thumb} mode='aspectFill' lazyLoad />
              ) : (
                <View className='cert-paper__thumb' />
              )}
              <View className='cert-paper__body'>
                <Text className='cert-paper__name'>{c.name}</Text>
                <Text className='cert-paper__line cert-paper__amount'>{c.amount}</Text>
                <Text className='cert-paper__line'>{c.wayKey ? t('certificate.wayLine', { way: t(c.wayKey) }) : c.donateTime}</Text>
              </View>
            </View>
          </View>
        ))}
        <ListFooter status={list.status} count={rows.length} loaded={list.loaded} emptyKey='certificate.emptyPaper' onRetry={list.reload} />
      </View>
      {canApply ? <ActionBar primary={{ label: t('certificate.apply'), onTap: onApply, testId: 'cert-apply' }} /> : null}
    </View>
  )
}
