/**
 * The receipt application (SPEC §2, §5): step 1 choose gifts ('at least one donation'), step 2 donor, receipt
 * type and way prefilled from lastUserInfo; Submit only when isOpenReceipt is 1, throttled 1.5 s -> receipt/insert;
 * success dialog whose Confirm goes back to the reloaded list.
 */
import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import type { ReceiptConfig } from '@contract'
import { ActionBar, ChosenGifts, DonationPicker, ResultDialog, Steps, scrollToTop, useApplyPicker, useApplySubmit, useRemote } from '@/features/certificate'
import { toast } from '@/lib/quiet'
import { useT } from '@/store/session'
import { fetchLastUserInfo, fetchReceiptStay, postReceipt } from '../api/receipt'
import { buildReceiptInsert, initialReceiptApply, validateReceiptApply, type ReceiptApplyState } from '../model/apply'
import ReceiptDonorCard from './receipt-donor-card'
import ReceiptDeliveryCard from './receipt-delivery-card'
import './receipt-apply.scss'

export default function ReceiptApply({ config, onCancel, onDone }: { config: ReceiptConfig; onCancel(): void; onDone(): void }) {
  const t = useT()
  const picker = useApplyPicker(fetchReceiptStay)
  const last = useRemote(fetchLastUserInfo, 'last')
  const submit = useApplySubmit()
  const [step, setStepState] = useState<1 | 2>(1)
  const setStep = (n: 1 | 2) => {
    setStepState(n)
    scrollToTop()
  }
  const [form, setForm] = useState<ReceiptApplyState | null>(null)

  useEffect(() => {
    if (last.status === 'ready' && !form) setForm(initialReceiptApply(config, last.data))
  }, [last.status, last.data, config, form])

  const next = () => {
    if (!picker.selected.length) {
      toast(t('receipt.pick.none'))
      return
    }
    setStep(2)
  }

  const send = () => {
    if (!form) return
    const problem = validateReceiptApply(form, config, picker.selected)
    if (problem) {
      toast(t(problem.key))
      return
    }
    submit.run(() => postReceipt(buildReceiptInsert(form, picker.selected)))
  }

  const open = config.isOpenReceipt === 1
  return (
    <View className='rc-apply' data-testid='receipt-apply-flow' data-step={step}>
      <Steps current={step} />
      {step === 1 ? (
        <>
          <DonationPicker
            status={picker.stay.status}
            rows={picker.rows}
            selected={picker.selected}
            onToggle={picker.toggle}
            onToggleAll={picker.toggleAll}
            onRetry={picker.stay.reload}
            hint={t('receipt.pick.hint')}
            empty={t('receipt.pick.empty')}
            testPrefix='receipt'
          />
          <ActionBar
            info={<Text>{t('certificate.pick.count', { n: picker.selected.length })}</Text>}
            secondary={{ label: t('common.cancel'), onTap: onCancel, testId: 'receipt-cancel' }}
            primary={{ label: t('certificate.next'), onTap: next, testId: 'receipt-next' }}
          />
        </>
      ) : (
        <>
          <ChosenGifts title={t('receipt.section.projects')} gifts={picker.chosen} />
          {form ? (
            <>
              <ReceiptDonorCard config={config} form={form} onChange={setForm} />
              <ReceiptDeliveryCard config={config} form={form} onChange={setForm} />
            </>
          ) : (
            <View className='rc-apply__state'>{t('common.loading')}</View>
          )}
          {open ? (
            <ActionBar
              secondary={{ label: t('certificate.back'), onTap: () => setStep(1), testId: 'receipt-back' }}
              primary={{ label: submit.busy ? t('receipt.submitting') : t('receipt.submit'), onTap: send, testId: 'receipt-submit', busy: submit.busy }}
            />
          ) : (
            <View className='rc-apply__closed' data-testid='receipt-closed'>
              <Text>{t('receipt.closed')}</Text>
              <Text className='rc-apply__back' onClick={() => setStep(1)}>
                {t('certificate.back')}
              </Text>
            </View>
          )}
        </>
      )}
      <ResultDialog open={submit.done} title={t('receipt.success.title')} text={t('receipt.success.text')} onConfirm={onDone} testPrefix='receipt' />
    </View>
  )
}
