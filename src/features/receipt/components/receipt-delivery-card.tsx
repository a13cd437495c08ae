/**
 * Receipt type and way: paper (1 self pickup with the school's pickup details, 2 express with address, recipient,
 * mobile) or electronic (3 e-mail, 4 SMS mobile). A new type selects the first way of its list.
 */
import { ReceiptWay, type ReceiptConfig } from '@contract'
import { Card, ChoiceRow, InputRow, MobileRow, ReadRow } from '@/components/form-kit'
import { displayMobile } from '@/lib/mobile'
import { useT } from '@/store/session'
import { receiptTypes, receiptWays, setReceiptType, type ReceiptApplyState } from '../model/apply'
import { dynamicText } from '@/lib/i18n'

interface Props {
  config: ReceiptConfig
  form: ReceiptApplyState
  onChange(next: ReceiptApplyState): void
}

export default function ReceiptDeliveryCard({ config, form, onChange }: Props) {
  const t = useT()
  const set = (patch: Partial<ReceiptApplyState>) => onChange({ ...form, ...patch })
  const way = form.receiptWay
  return (
    <Card title={t('receipt.section.delivery')} testId='receipt-delivery'>
      <ChoiceRow
        label={t('receipt.type')}
        required
        options={receiptTypes(config).map((v) => ({ value: v, label: dynamicText(t, `receipt.type.${v}`, String(v)) }))}
        value={form.receiptType}
        onPick={(v) => onChange(setReceiptType(form, v, config))}
        testPrefix='receipt-type'
        field='receiptType'
      />
      <ChoiceRow
        label={t('receipt.way')}
        required
        options={receiptWays(config, form.receiptType).map((v) => ({ value: v, label: dynamicText(t, `receipt.way.${v}`, String(v)) }))}
        value={way}
        onPick={(v) => set({ receiptWay: v })}
        testPrefix='receipt-way'
        field='receiptWay'
      />
      {way === ReceiptWay.PICK_UP ? (
        <>
          <ReadRow label={t('receipt.pickupAddress')} value={config.pickUpAddress} testId='receipt-pickup-address' />
          <ReadRow label={t('receipt.pickupName')} value={config.pickUpName} testId='receipt-pickup-name' />
          <ReadRow label={t('receipt.pickupMobile')} value={displayMobile(config.pickUpMobile)} testId='receipt-pickup-mobile' />
        </>
      ) : null}
      {way === ReceiptWay.EXPRESS ? (
        <>
          <InputRow
            label={t('receipt.address')}
            required
            multiline
            value={form.address}
            placeholder={t('receipt.addressPlaceholder')}
            onInput={(v) => set({ address: v })}
            testId='receipt-address'
            field='postalAddress'
          />
          <InputRow
            label={t('receipt.contact')}
            required
            value={form.contact}
            placeholder={t('receipt.contactPlaceholder')}
            onInput={(v) => set({ contact: v })}
            maxlength={50}
            testId='receipt-contact'
            field='postalContact'
          />
          <MobileRow
            label={t('receipt.mobile')}
            required
            area={form.mobileArea}
            value={form.mobile}
            placeholder={t('receipt.mobilePlaceholder')}
            onArea={(a) => set({ mobileArea: a })}
            onInput={(v) => set({ mobile: v })}
            testId='receipt-mobile'
            field='postalMobile'
          />
        </>
      ) : null}
      {way === ReceiptWay.EMAIL ? (
        <InputRow
          label={t('receipt.email')}
          required
          value={form.email}
          placeholder={t('receipt.emailPlaceholder')}
          onInput={(v) => set({ email: v })}
          maxlength={100}
          testId='receipt-email'
          field='postalEmail'
        />
      ) : null}
      {way === ReceiptWay.SMS ? (
        <MobileRow
          label={t('receipt.sms')}
          required
          area={form.smsArea}
          value={form.sms}
          placeholder={t('receipt.smsPlaceholder')}
          onArea={(a) => set({ smsArea: a })}
          onInput={(v) => set({ sms: v })}
          testId='receipt-sms'
          field='postalMobileSms'
        />
      ) : null}
    </Card>
  )
}
