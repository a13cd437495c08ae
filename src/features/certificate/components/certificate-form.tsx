/**
 * Step 2 of the paper certificate application: the way (a single way is preselected), the school's pick-up
 * address, contact and phone read-only for pick-up, or address, recipient and mobile (with area code) for mail.
 */
import { CertificateWay, type CertificateConfig } from '@contract'
import { useT } from '@/store/session'
import { certificateWays, switchWay, type CertApplyState } from '../model/apply'
import { Card, ChoiceRow, InputRow, MobileRow, ReadRow } from '@/components/form-kit'
import { displayMobile } from '@/lib/mobile'
import { dynamicText } from '@/lib/i18n'

interface Props {
  config: CertificateConfig
  form: CertApplyState
  onChange(next: CertApplyState): void
}

export default function CertificateForm({ config, form, onChange }: Props) {
  const t = useT()
  const set = (patch: Partial<CertApplyState>) => onChange({ ...form, ...patch })
  const ways = certificateWays(config)
  return (
    <Card title={t('certificate.form.title')} testId='cert-form'>
      <ChoiceRow
        label={t('certificate.way')}
        required
        options={ways.map((w) => ({ value: w, label: dynamicText(t, `certificate.way.${w}`, String(w)) }))}
        value={form.way}
        onPick={(w) => onChange(switchWay(form, w, config))}
        testPrefix='cert-way'
        field='certificateWay'
      />
      {form.way === CertificateWay.PICK_UP ? (
        <>
          <ReadRow label={t('certificate.pickupAddress')} value={form.address} testId='cert-pickup-address' />
          <ReadRow label={t('certificate.pickupName')} value={form.contact} testId='cert-pickup-name' />
          <ReadRow label={t('certificate.pickupMobile')} value={displayMobile(form.mobile)} testId='cert-pickup-mobile' />
        </>
      ) : null}
      {form.way === CertificateWay.MAIL ? (
        <>
          <InputRow
            label={t('certificate.address')}
            required
            multiline
            value={form.address}
            placeholder={t('certificate.addressPlaceholder')}
            onInput={(v) => set({ address: v })}
            testId='cert-address'
            field='postalAddress'
          />
          <InputRow
            label={t('certificate.contact')}
            required
            value={form.contact}
            placeholder={t('certificate.contactPlaceholder')}
            onInput={(v) => set({ contact: v })}
            maxlength={50}
            testId='cert-contact'
            field='postalContact'
          />
          <MobileRow
            label={t('certificate.mobile')}
            required
            area={form.area}
            value={form.mobile}
            placeholder={t('certificate.mobilePlaceholder')}
            onArea={(area) => set({ area })}
            onInput={(v) => set({ mobile: v })}
            testId='cert-mobile'
            field='postalMobile'
          />
        </>
      ) : null}
    </Card>
  )
}
