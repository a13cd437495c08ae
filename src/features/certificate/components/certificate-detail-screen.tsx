/**
 * mine-certificate-detail?id&tab (SPEC §2): status, project (thumbnail, name, amount, time cut to 16), applicant
 * information, and the courier company and number when present (the number copies with 复制成功).
 */
import { useMemo } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useTheme } from '@/lib/hooks/use-page-title'
import { quiet, toast } from '@/lib/quiet'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import { fetchCertificateDetail } from '../api/certificate'
import { useRemote } from '../hooks/use-remote'
import { toCertificateView } from '../model/record'
import { Card } from './kit/form-kit'
import { InfoRow, ProjectBlock } from './kit/info-rows'
import StatusChip from './kit/status-chip'
import './detail-screen.scss'

/** Copies text and says 复制成功 (SPEC §8); a failed copy is only logged. */
export function copyText(text: string, done: string) {
  quiet(() =>
    Taro.setClipboardData({ data: text })
      .then(() => toast(done))
      .catch((e: unknown) => console.warn('copy failed', e))
  )
}

export default function CertificateDetailScreen({ id }: { id: number }) {
  const t = useT()
  const theme = useTheme()
  const detail = useRemote(() => fetchCertificateDetail(id), String(id), id > 0)
  const c = useMemo(() => (detail.data ? toCertificateView(detail.data, platform.assetUrl) : null), [detail.data])

  if (!c) {
    const failed = detail.status === 'error' || !(id > 0)
    return (
      <View className='cd-state' data-testid='cert-detail-state' onClick={failed && id > 0 ? detail.reload : undefined}>
        <Text>{failed ? (id > 0 ? t('common.loadFailed') : t('certificate.detail.notFound')) : t('common.loading')}</Text>
        {failed && id > 0 ? <Text className='cd-state__retry'>{t('common.retry')}</Text> : null}
      </View>
    )
  }

  return (
    <View className='cd-screen' data-testid='cert-detail'>
      <View className='cd-head' style={{ background: theme }}>
        <Text className='cd-head__label'>{t('certificate.tab.paper')}</Text>
        <View className='cd-head__status'>
          <StatusChip status={c.status} labelKey={c.statusKey} testId='cert-detail-status' />
        </View>
        {c.applyDate ? <Text className='cd-head__time'>{t('certificate.applyDate')} {c.applyDate}</Text> : null}
      </View>
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
        <InfoRow label={t('certificate.detail.donorName')} value={c.donorName} testId='cert-detail-donor' />
        <InfoRow label={t('certificate.way')} value={c.wayKey ? t(c.wayKey) : ''} testId='cert-detail-way' />
        <InfoRow label={t('certificate.contact')} value={c.contact} testId='cert-detail-contact' />
        <InfoRow label={t('certificate.mobile')} value={c.mobile} testId='cert-detail-mobile' />
        <InfoRow label={t('certificate.address')} value={c.address} testId='cert-detail-address' />
      </Card>
      {c.courierCompany || c.courierNo ? (
        <Card title={t('certificate.detail.courier')} testId='cert-courier-card'>
          <InfoRow label={t('certificate.detail.company')} value={c.courierCompany} testId='cert-courier-company' />
          <InfoRow
            label={t('certificate.detail.number')}
            value={c.courierNo}
            testId='cert-courier'
            action={
              <Text className='ck-info__action' style={{ color: theme }} data-testid='cert-courier-copy' onClick={() => copyText(c.courierNo, t('certificate.detail.copied'))}>
                {t('certificate.detail.copy')}
              </Text>
            }
          />
        </Card>
      ) : null}
      <View className='cd-space' />
    </View>
  )
}
