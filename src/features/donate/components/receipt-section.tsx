/**
 * Receipt (docs/product §4, §5): shown at or above minMoneyReceipt when the form shows and opens receipts. Once needed:
 * issued to (personal 1 / enterprise 2, default 1) with its name and ID / credit code labels, receipt type (paper 1
 * / electronic 2; a type change picks the other list's first way), way, and the e-mail (way 3) or SMS mobile (way 4).
 * Under the switch: the tax tool, and the donation agreement where the school runs it (receipt-links).
 */
import { DONATE_LIMITS } from '@contract'
import { useT } from '@/store/session'
import {
  patchFulfilment as patch,
  pickFulfilmentReceiptType,
  setFulfilmentCode as setCode,
  type FulfilmentState
} from '../model/fulfilment'
import { DONOR_TYPE_ORDER, orderedReceiptTypes, receiptLabels, receiptWays } from '../model/receipt'
import { Card, Chips, FieldRow, InputRow, MobileRow, SwitchRow } from '@/components/form-kit'
import PickupInfo from './pickup-info'
import ReceiptLinks from './receipt-links'
import type { FulfilmentProps } from './types'
import { dynamicText } from '@/lib/i18n'
import { PrivacyNote } from '@/features/privacy'

export default function ReceiptSection<S extends FulfilmentState>({ form, state, update, vis }: FulfilmentProps<S>) {
  const t = useT()
  if (!vis.receipt) return null
  const labels = receiptLabels(state.receiptDonorType)
  const codeRequired = form.isCreditCode === 1
  return (
    <Card title={t('donate.section.receipt')} testId='receipt-section'>
      <SwitchRow
        label={t('donate.receipt.need')}
        checked={state.isNeedReceipt}
        onChange={(on) => update((s) => patch(s, { isNeedReceipt: on }))}
        testId='receipt-switch'
      />
      <ReceiptLinks />
      {vis.receiptFields ? (
        <>
          <FieldRow label={t('donate.receipt.donorType')} required stacked>
            <Chips
              options={DONOR_TYPE_ORDER.map((v) => ({ value: v as 1 | 2, label: t(`donate.receipt.donorType${v}`) }))}
              selected={[state.receiptDonorType]}
              onPick={(v) => update((s) => patch(s, { receiptDonorType: v }))}
              testId='receipt-donor-type'
              columns={2}
            />
          </FieldRow>
          <InputRow
            label={t(labels.name)}
            required
            value={state.receiptDonorName}
            placeholder={t('donate.field.required', { title: t(labels.name) })}
            maxlength={100}
            onInput={(v) => update((s) => patch(s, { receiptDonorName: v }))}
            testId='receipt-name'
            field='receiptDonorName'
          />
          <InputRow
            label={t(labels.code)}
            required={codeRequired}
            value={state.creditCode}
            placeholder={t('donate.receipt.codePlaceholder', { title: t(labels.code), n: DONATE_LIMITS.CREDIT_CODE_LENGTH })}
            maxlength={DONATE_LIMITS.CREDIT_CODE_LENGTH}
            type={state.receiptDonorType === 1 ? 'idcard' : 'text'}
            onInput={(v) => update((s) => patch(s, { creditCode: v }))}
            testId='receipt-code'
            field='creditCode'
          />
          {(form.receiptTypeList || []).length > 1 ? (
            <FieldRow label={t('donate.receipt.type')} required stacked field='receiptType'>
              <Chips
                options={orderedReceiptTypes(form.receiptTypeList).map((v) => ({
                  value: v,
                  label: dynamicText(t, `donate.receipt.type${v}`, String(v))
                }))}
                selected={state.receiptType === null ? [] : [state.receiptType]}
                onPick={(v) => update((s) => pickFulfilmentReceiptType(form, s, v))}
                testId='receipt-type'
                columns={2}
              />
            </FieldRow>
          ) : null}
          <FieldRow label={t('donate.receipt.way')} required stacked field='receiptWay'>
            <Chips
              options={receiptWays(form, state.receiptType).map((v) => ({
                value: v,
                label: dynamicText(t, `donate.receipt.way${v}`, String(v))
              }))}
              selected={state.receiptWay === null ? [] : [state.receiptWay]}
              onPick={(v) => update((s) => patch(s, { receiptWay: v }))}
              testId='receipt-way'
              columns={2}
            />
          </FieldRow>
          {vis.receiptPickup ? (
            <PickupInfo address={form.pickUpAddress} name={form.pickUpName} mobile={form.pickUpMobile} testId='receipt-pickup' />
          ) : null}
          {vis.receiptEmail ? (
            <InputRow
              label={t('donate.receipt.email')}
              required
              value={state.postalEmail}
              placeholder={t('donate.field.required', { title: t('donate.receipt.email') })}
              maxlength={100}
              onInput={(v) => update((s) => patch(s, { postalEmail: v }))}
              testId='receipt-email'
              field='postalEmail'
            />
          ) : null}
          {vis.receiptSms ? (
            <MobileRow
              label={t('donate.receipt.sms')}
              required
              placeholder={t('donate.field.required', { title: t('donate.receipt.sms') })}
              area={state.codes.postalMobileSms}
              value={state.postalMobileSms}
              onArea={(c) => update((s) => setCode(s, 'postalMobileSms', c))}
              onInput={(v) => update((s) => patch(s, { postalMobileSms: v }))}
              testId='receipt-sms'
              field='postalMobileSms'
            />
          ) : null}
          <PrivacyNote />
        </>
      ) : null}
    </Card>
  )
}
