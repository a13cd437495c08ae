/** The receipt's donor: personal (name, ID number) or enterprise (company name, credit code); codes 18 characters. */
import { CREDIT_CODE_LENGTH, DonorType, type ReceiptConfig } from '@contract'
import { Card, ChoiceRow, InputRow } from '@/components/form-kit'
import { useT } from '@/store/session'
import type { ReceiptApplyState } from '../model/apply'

interface Props {
  config: Pick<ReceiptConfig, 'isCreditCode'>
  form: ReceiptApplyState
  onChange(next: ReceiptApplyState): void
}

export default function ReceiptDonorCard({ config, form, onChange }: Props) {
  const t = useT()
  const set = (patch: Partial<ReceiptApplyState>) => onChange({ ...form, ...patch })
  const enterprise = form.donorType === DonorType.ENTERPRISE
  const codeRequired = config.isCreditCode === 1
  return (
    <Card title={t('receipt.section.donor')} testId='receipt-donor'>
      <ChoiceRow
        label={t('receipt.donorType')}
        required
        options={[DonorType.PERSONAL, DonorType.ENTERPRISE].map((v) => ({ value: v, label: t(`receipt.donorType.${v}`) }))}
        value={form.donorType}
        onPick={(v) => set({ donorType: v })}
        testPrefix='receipt-donor-type'
      />
      <InputRow
        label={t(enterprise ? 'receipt.unitName' : 'receipt.personName')}
        required
        value={form.donorName}
        placeholder={t(enterprise ? 'receipt.unitNamePlaceholder' : 'receipt.personNamePlaceholder')}
        onInput={(v) => set({ donorName: v })}
        maxlength={100}
        testId='receipt-name'
        field='donorName'
      />
      <InputRow
        label={t(enterprise ? 'receipt.creditCode' : 'receipt.idNumber')}
        required={codeRequired}
        type={enterprise ? 'text' : 'idcard'}
        value={form.creditCode}
        placeholder={t(
          enterprise
            ? codeRequired
              ? 'receipt.creditCodePlaceholder'
              : 'receipt.creditCodeOptional'
            : codeRequired
              ? 'receipt.idNumberPlaceholder'
              : 'receipt.idNumberOptional'
        )}
        onInput={(v) => set({ creditCode: v })}
        maxlength={CREDIT_CODE_LENGTH}
        testId='receipt-credit-code'
        field='creditCode'
      />
    </Card>
  )
}
