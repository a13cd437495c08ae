/**
 * mine-paper-detail?id (docs/product §2): status, the gift, the application, and the invoice information (the receipt
 * file and the courier) only for statuses 2, 4, 6, 7.
 */
import { useMemo } from 'react'
import { Text, View } from '@tarojs/components'
import DetailFrame, { DetailState } from '@/components/detail-frame'
import { Card } from '@/components/form-kit'
import { InfoRow, ProjectBlock } from '@/components/info-rows'
import { copyText } from '@/lib/clipboard'
import { useData } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import { fetchReceiptDetail } from '../api/receipt'
import { toReceiptView, type ReceiptView } from '../model/record'
import { openReceiptFile } from './open-file'
import './receipt-detail-screen.scss'
import { pressable } from '@/lib/a11y'

function InvoiceCard({ r }: { r: ReceiptView }) {
  const t = useT()
  const theme = useTheme()
  const inv = r.invoice
  if (!inv) return null
  return (
    <Card title={t('receipt.detail.invoice')} testId='receipt-invoice'>
      {inv.file ? (
        <View
          className='rd-file'
          data-testid='receipt-file'
          data-href={inv.file}
          {...pressable(() => openReceiptFile(inv.file, inv.fileKind))}
        >
          <View className='rd-file__icon' style={{ background: theme }}>
            <Text>{inv.fileKind === 'pdf' ? 'PDF' : inv.fileKind === 'image' ? 'IMG' : 'FILE'}</Text>
          </View>
          <View className='rd-file__body'>
            <Text className='rd-file__name'>{t('receipt.detail.file')}</Text>
            <Text className='rd-file__hint'>{t('receipt.detail.fileDesc')}</Text>
          </View>
          <Text className='rd-file__go' style={{ color: theme }}>
            {t('receipt.detail.fileHint')} ›
          </Text>
        </View>
      ) : null}
      <InfoRow label={t('receipt.detail.company')} value={inv.courierCompany} testId='receipt-courier-company' content />
      <InfoRow
        label={t('receipt.detail.number')}
        value={inv.courierNo}
        testId='receipt-courier'
        action={
          <Text
            className='ck-info__action'
            style={{ color: theme }}
            {...pressable(() => copyText(inv.courierNo, t('receipt.detail.copied')))}
          >
            {t('receipt.detail.copy')}
          </Text>
        }
      />
      {!inv.file && !inv.courierCompany && !inv.courierNo ? <Text className='rd-none'>{t('receipt.detail.noFile')}</Text> : null}
    </Card>
  )
}

export default function ReceiptDetailScreen({ id }: { id: number }) {
  const t = useT()
  const detail = useData(() => fetchReceiptDetail(id), [id], { enabled: id > 0 })
  const r = useMemo(() => (detail.data ? toReceiptView(detail.data, platform.assetUrl) : null), [detail.data])

  if (!r) return <DetailState state={detail} testId='receipt-detail-state' missing={id > 0 ? undefined : t('receipt.detail.notFound')} />
  return (
    <DetailFrame
      testId='receipt-detail'
      label={r.typeKey ? t(r.typeKey) : t('route.mine-paper-detail')}
      status={r.status}
      statusKey={r.statusKey}
      statusTestId='receipt-detail-status'
      time={r.createDate ? `${t('receipt.applyDate')} ${r.createDate}` : ''}
    >
      <Card title={t('receipt.detail.project')}>
        <ProjectBlock
          thumb={r.thumb}
          name={r.name}
          lines={[
            { label: t('receipt.amount'), value: r.amount, strong: true, testId: 'receipt-detail-amount' },
            { label: t('receipt.donateTime'), value: r.donateTime }
          ]}
        />
      </Card>
      <Card title={t('receipt.detail.apply')}>
        <InfoRow label={t('receipt.donorType')} value={r.donorTypeKey ? t(r.donorTypeKey) : ''} testId='receipt-detail-donor-type' />
        <InfoRow
          label={t(r.donorTypeKey === 'receipt.donorType.2' ? 'receipt.unitName' : 'receipt.personName')}
          value={r.donorName}
          testId='receipt-detail-name'
          content
        />
        <InfoRow label={t(r.codeLabelKey)} value={r.creditCode} testId='receipt-detail-code' />
        <InfoRow label={t('receipt.way')} value={r.wayKey ? t(r.wayKey) : ''} testId='receipt-detail-way' />
        <InfoRow label={t('receipt.email')} value={r.email} testId='receipt-detail-email' />
        <InfoRow label={t('receipt.sms')} value={r.sms} />
        <InfoRow label={t('receipt.contact')} value={r.contact} content />
        <InfoRow label={t('receipt.mobile')} value={r.mobile} />
        <InfoRow label={t('receipt.address')} value={r.address} content />
      </Card>
      <InvoiceCard r={r} />
    </DetailFrame>
  )
}
