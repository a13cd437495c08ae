/**
 * The receipt application (docs/product §2, §5) on the shared two-step flow: step 1 choose gifts, step 2 donor, receipt
 * type and way prefilled from lastUserInfo; Submit only when isOpenReceipt is 1 -> receipt/insert.
 */
import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import type { ReceiptConfig } from '@contract'
import { ApplyFlow } from '@/components/apply-flow'
import { requestNoticeConsent } from '@/features/notice'
import { useData } from '@/lib/hooks/use-data'
import { useT } from '@/store/session'
import { fetchLastUserInfo, fetchReceiptStay, postReceipt } from '../api/receipt'
import { buildReceiptInsert, initialReceiptApply, validateReceiptApply, type ReceiptApplyState } from '../model/apply'
import ReceiptDonorCard from './receipt-donor-card'
import ReceiptDeliveryCard from './receipt-delivery-card'
import './receipt-apply.scss'
import { pressable } from '@/lib/a11y'

export default function ReceiptApply({ config, onCancel, onDone }: { config: ReceiptConfig; onCancel(): void; onDone(): void }) {
  const t = useT()
  const last = useData(fetchLastUserInfo, [])
  // untouched, the form is the previous application's (prefill) once that has arrived
  const [edited, setForm] = useState<ReceiptApplyState | null>(null)
  const form = edited ?? (last.status === 'ready' ? initialReceiptApply(config, last.data ?? null) : null)

  return (
    <ApplyFlow
      kind='receipt'
      form={form}
      fetchStay={fetchReceiptStay}
      submit={(ids) => {
        if (!form) return { key: 'common.loading' }
        const bad = validateReceiptApply(form, config, ids)
        if (bad) return bad
        // the submit tap may show the subscribe dialog (decision 049); the application waits for the donor's answer
        const asked = requestNoticeConsent(['receipt'])
        return () => asked.then(() => postReceipt(buildReceiptInsert(form, ids)))
      }}
      closed={
        config.isOpenReceipt === 1
          ? undefined
          : (back) => (
              <View className='rc-apply__closed' data-testid='receipt-closed'>
                <Text>{t('receipt.closed')}</Text>
                <Text className='rc-apply__back' {...pressable(back)}>
                  {t('certificate.back')}
                </Text>
              </View>
            )
      }
      onCancel={onCancel}
      onDone={onDone}
    >
      {form ? (
        <>
          <ReceiptDonorCard config={config} form={form} onChange={setForm} />
          <ReceiptDeliveryCard config={config} form={form} onChange={setForm} />
        </>
      ) : (
        <View className='rc-apply__state'>{t('common.loading')}</View>
      )}
    </ApplyFlow>
  )
}
