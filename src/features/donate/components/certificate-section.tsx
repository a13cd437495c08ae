/**
 * Certificate (docs/product §4): shown at or above minMoneyCertificate when the form shows certificates; the name on it
 * follows the donor name until edited. The paper option needs isOpenCertificate and a paper way; its way (pickup
 * or post) appears once paper is chosen.
 */
import { Text } from '@tarojs/components'
import { useT } from '@/store/session'
import { patchFulfilment as patch, type FulfilmentState } from '../model/fulfilment'
import { Card, Chips, FieldRow, InputRow, SwitchRow } from '@/components/form-kit'
import PickupInfo from './pickup-info'
import type { FulfilmentProps } from './types'
import { dynamicText } from '@/lib/i18n'
import { PrivacyNote } from '@/features/privacy'

export default function CertificateSection<S extends FulfilmentState>({ form, state, update, vis }: FulfilmentProps<S>) {
  const t = useT()
  if (!vis.certificate) return null
  return (
    <Card title={t('donate.section.certificate')} testId='certificate-section'>
      <InputRow
        label={t('donate.certificate.name')}
        required={vis.certificateWay}
        value={state.certificateDonorName}
        placeholder={t('donate.certificate.namePlaceholder')}
        maxlength={32}
        onInput={(v) => update((s) => patch(s, { certificateDonorName: v }))}
        testId='certificate-name'
        field='certificateDonorName'
      />
      <Text className='dn-note'>{t('donate.certificate.electronicHint')}</Text>
      {vis.paperOption ? (
        <SwitchRow
          label={t('donate.certificate.paper')}
          checked={state.isNeedPaper}
          onChange={(on) => update((s) => patch(s, { isNeedPaper: on }))}
          testId='paper-switch'
        />
      ) : null}
      {vis.certificateWay ? (
        <FieldRow label={t('donate.certificate.way')} required stacked testId='certificate-way' field='certificateWay'>
          <Chips
            options={(form.certificateWayPaperList || []).map((w) => ({
              value: w,
              label: dynamicText(t, `donate.certificate.way${w}`, String(w))
            }))}
            selected={state.certificateWay === null ? [] : [state.certificateWay]}
            onPick={(w) => update((s) => patch(s, { certificateWay: w }))}
            columns={2}
          />
        </FieldRow>
      ) : null}
      {vis.certificatePickup ? (
        <PickupInfo
          address={form.certificatePickUpAddress}
          name={form.certificatePickUpName}
          mobile={form.certificatePickUpMobile}
          testId='certificate-pickup'
        />
      ) : null}
      {state.isNeedPaper ? <PrivacyNote /> : null}
    </Card>
  )
}
