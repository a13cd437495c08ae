/**
 * The paper certificate application (SPEC §2, §5): step 1 choose projects (multi-select, Next; none chosen toasts
 * 'please select items'), step 2 the way and address, submit (1.5 s throttle) -> certificate/insert, success
 * dialog whose Confirm goes back to the reloaded lists.
 */
import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import type { CertificateConfig } from '@contract'
import { toast } from '@/lib/quiet'
import { useT } from '@/store/session'
import { fetchCertificateStay, postCertificate } from '../api/certificate'
import { scrollToTop, useApplyPicker, useApplySubmit } from '../hooks/use-apply'
import { buildCertInsert, initialCertApply, validateCertApply } from '../model/apply'
import ActionBar from './kit/action-bar'
import DonationPicker from './kit/donation-picker'
import ResultDialog from './kit/result-dialog'
import Steps from './kit/steps'
import CertificateForm from './certificate-form'
import ChosenGifts from './kit/chosen-gifts'

export default function CertificateApply({ config, onCancel, onDone }: { config: CertificateConfig; onCancel(): void; onDone(): void }) {
  const t = useT()
  const picker = useApplyPicker(fetchCertificateStay)
  const submit = useApplySubmit()
  const [step, setStepState] = useState<1 | 2>(1)
  const setStep = (n: 1 | 2) => {
    setStepState(n)
    scrollToTop()
  }
  const [form, setForm] = useState(() => initialCertApply(config))

  const next = () => {
    if (!picker.selected.length) {
      toast(t('certificate.pick.none'))
      return
    }
    setStep(2)
  }

  const send = () => {
    const problem = validateCertApply(form, picker.selected)
    if (problem) {
      toast(t(problem.key))
      return
    }
    submit.run(() => postCertificate(buildCertInsert(form, picker.selected)))
  }

  return (
    <View className='cert-apply' data-testid='cert-apply-flow' data-step={step}>
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
            hint={t('certificate.pick.hint')}
            empty={t('certificate.pick.empty')}
            testPrefix='cert'
          />
          <ActionBar
            info={<Text>{t('certificate.pick.count', { n: picker.selected.length })}</Text>}
            secondary={{ label: t('common.cancel'), onTap: onCancel, testId: 'cert-cancel' }}
            primary={{ label: t('certificate.next'), onTap: next, testId: 'cert-next' }}
          />
        </>
      ) : (
        <>
          <ChosenGifts title={t('certificate.form.projects')} gifts={picker.chosen} />
          <CertificateForm config={config} form={form} onChange={setForm} />
          <ActionBar
            secondary={{ label: t('certificate.back'), onTap: () => setStep(1), testId: 'cert-back' }}
            primary={{ label: submit.busy ? t('certificate.submitting') : t('certificate.submit'), onTap: send, testId: 'cert-submit', busy: submit.busy }}
          />
        </>
      )}
      <ResultDialog
        open={submit.done}
        title={t('certificate.success.title')}
        text={t('certificate.success.text')}
        onConfirm={onDone}
        testPrefix='cert'
      />
    </View>
  )
}
