/**
 * mine-certificate-detail?id&tab (docs/product §2): status, project (thumbnail, name, amount, time cut to 16), applicant
 * information, and the courier company and number when present (the number copies with 复制成功).
 */
import { useMemo } from 'react'
import { Text } from '@tarojs/components'
import DetailFrame, { DetailState } from '@/components/detail-frame'
import { Card } from '@/components/form-kit'
import { InfoRow, ProjectBlock } from '@/components/info-rows'
import { copyText } from '@/lib/clipboard'
import { useData } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import { fetchCertificateDetail } from '../api/certificate'
import { toCertificateView } from '../model/record'
import { pressable } from '@/lib/a11y'

export default function CertificateDetailScreen({ id }: { id: number }) {
  const t = useT()
  const theme = useTheme()
  const detail = useData(() => fetchCertificateDetail(id), [id], { enabled: id > 0 })
  const c = useMemo(() => (detail.data ? toCertificateView(detail.data, platform.assetUrl) : null), [detail.data])

  if (!c) return <DetailState state={detail} testId='cert-detail-state' missing={id > 0 ? undefined : t('certificate.detail.notFound')} />

  return (
    <DetailFrame
      testId='cert-detail'
      label={t('certificate.tab.paper')}
      status={c.status}
      statusKey={c.statusKey}
      statusTestId='cert-detail-status'
      time={c.applyDate ? `${t('certificate.applyDate')} ${c.applyDate}` : ''}
    >
      <Card title={t('certificate.detail.project')}>
        <ProjectBlock
          thumb={c.thumb}
          name={c.name}
          lines={[
            { label: t('certificate.amount'), value: c.amount, strong: true, testId: 'cert-detail-amount' },
            { label: t('certificate.donateTime'), value: c.donateTime, testId: 'cert-detail-time' }
          ]}
        />
      </Card>
      <Card title={t('certificate.detail.applicant')}>
        <InfoRow label={t('certificate.detail.donorName')} value={c.donorName} testId='cert-detail-donor' content />
        <InfoRow label={t('certificate.way')} value={c.wayKey ? t(c.wayKey) : ''} testId='cert-detail-way' />
        <InfoRow label={t('certificate.contact')} value={c.contact} testId='cert-detail-contact' content />
        <InfoRow label={t('certificate.mobile')} value={c.mobile} testId='cert-detail-mobile' />
        <InfoRow label={t('certificate.address')} value={c.address} testId='cert-detail-address' content />
      </Card>
      {c.courierCompany || c.courierNo ? (
        <Card title={t('certificate.detail.courier')} testId='cert-courier-card'>
          <InfoRow label={t('certificate.detail.company')} value={c.courierCompany} testId='cert-courier-company' content />
          <InfoRow
            label={t('certificate.detail.number')}
            value={c.courierNo}
            testId='cert-courier'
            action={
              <Text
                className='ck-info__action'
                style={{ color: theme }}
                data-testid='cert-courier-copy'
                {...pressable(() => copyText(c.courierNo, t('certificate.detail.copied')))}
              >
                {t('certificate.detail.copy')}
              </Text>
            }
          />
        </Card>
      ) : null}
    </DetailFrame>
  )
}
