/**
 * mine-paper (docs/product §2 Receipts): tabs All / Making out invoice / Invoiced (status 0/1/2), the apply button when
 * validType is not 0, and the application flow in place of the list.
 */
import { useCallback, useMemo, useState } from 'react'
import { Image, Text, View } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { PAGE_SIZE } from '@contract'
import { ActionBar, useApplyMode } from '@/components/apply-flow'
// the certificate/receipt frame: its page, sticky tabs and load state (cd-*)
import { DetailState } from '@/components/detail-frame'
import ListFooter from '@/components/list-footer'
import SegmentTabs from '@/components/segment-tabs'
import StatusChip from '@/components/status-chip'
import { useData } from '@/lib/hooks/use-data'
import { usePagedList } from '@/lib/hooks/use-paged-list'
import { routeUrl } from '@/lib/routes'
import { platform } from '@/platform'
import { useSession, useT } from '@/store/session'
import { fetchReceiptConfig, fetchReceiptPage } from '../api/receipt'
import { toReceiptView } from '../model/record'
import { RECEIPT_FILTERS, type ReceiptFilter } from '../model/status'
import ReceiptApply from './receipt-apply'
import './receipt-screen.scss'
import { imageAlt, pressable } from '@/lib/a11y'

function ReceiptList({ filter, canApply, onApply }: { filter: ReceiptFilter; canApply: boolean; onApply(): void }) {
  const t = useT()
  const lang = useSession((s) => s.lang)
  const fetchPage = useCallback((offset: number, limit: number) => fetchReceiptPage({ status: filter, offset, limit }), [filter])
  const list = usePagedList(fetchPage, PAGE_SIZE.LIST, `receipt-${filter}-${lang}`)
  useReachBottom(() => list.loadMore())
  const rows = useMemo(() => list.rows.map((r) => toReceiptView(r, platform.assetUrl)), [list.rows])
  return (
    <View className='rc-list' data-testid='receipt-list'>
      {rows.map((r) => (
        <View
          key={r.id}
          className='rc-item'
          data-testid={`receipt-item-${r.id}`}
          {...pressable(() => platform.nav.to(routeUrl('mine-paper-detail', { id: r.id })))}
        >
          <View className='rc-item__top'>
            <Text>
              {t('receipt.applyDate')} {r.createDate}
            </Text>
            <StatusChip status={r.status} labelKey={r.statusKey} testId={`receipt-status-${r.id}`} />
          </View>
          <View className='rc-item__main'>
            {r.thumb ? (
              <Image {...imageAlt('')} className='rc-item__thumb' src={r.thumb} mode='aspectFill' lazyLoad />
            ) : (
              <View className='rc-item__thumb' />
            )}
            <View className='rc-item__body'>
              <Text className='rc-item__name'>{r.name}</Text>
              <Text className='rc-item__amount'>{r.amount}</Text>
              {r.typeKey && r.wayKey ? (
                <Text className='rc-item__line'>{t('receipt.typeLine', { type: t(r.typeKey), way: t(r.wayKey) })}</Text>
              ) : null}
            </View>
          </View>
        </View>
      ))}
      <ListFooter status={list.status} count={rows.length} loaded={list.loaded} emptyKey='receipt.empty' onRetry={list.reload} />
      {canApply ? <ActionBar primary={{ label: t('receipt.apply'), onTap: onApply, testId: 'receipt-apply' }} /> : null}
    </View>
  )
}

export default function ReceiptScreen() {
  const t = useT()
  const config = useData(fetchReceiptConfig, [])
  const [filter, setFilter] = useState<ReceiptFilter>(0)
  const mode = useApplyMode()

  if (!config.data) return <DetailState state={config} testId='receipt-config-state' />
  const cfg = config.data
  if (mode.applying) return <ReceiptApply config={cfg} onCancel={mode.cancel} onDone={mode.done} />
  return (
    <View className='cd-screen' data-testid='receipt-screen'>
      <View className='cd-tabs'>
        <SegmentTabs<ReceiptFilter>
          tabs={RECEIPT_FILTERS.map((k) => ({ key: k, title: t(`receipt.filter.${k}`) }))}
          current={filter}
          onChange={setFilter}
          testPrefix='receipt-tab'
        />
      </View>
      <ReceiptList key={`${filter}-${mode.generation}`} filter={filter} canApply={cfg.validType !== 0} onApply={mode.start} />
    </View>
  )
}
