/**
 * The two-step application of certificates and receipts (docs/product §2, §5): step 1 chooses gifts (none chosen toasts),
 * step 2 lists them above the caller's form and submits (1.5 s throttle) after the caller's validation, whose problems
 * (and the server's refusals naming a field) show under their fields (decision 077); the success
 * dialog's Confirm hands back to the caller, which reloads its lists. The caller holds the form state.
 */
import { useState, type ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import type { Page, StayDonation } from '@contract'
import type { MessageKey } from '@/lib/i18n'
import { FieldErrors } from '@/components/form-kit'
import type { Problem } from '@/lib/validation'
import { toast } from '@/lib/quiet'
import { useT } from '@/store/session'
import type { ApplyResult } from './api'
import ActionBar from './action-bar'
import ChosenGifts from './chosen-gifts'
import DonationPicker from './donation-picker'
import ResultDialog from './result-dialog'
import Steps from './steps'
import { scrollToTop, useApplyErrors, useApplyPicker, useApplySubmit } from './use-apply'

export type ApplyKind = 'certificate' | 'receipt'

interface FlowWords {
  hint: MessageKey
  empty: MessageKey
  none: MessageKey
  chosen: MessageKey
  submit: MessageKey
  submitting: MessageKey
  successTitle: MessageKey
  successText: MessageKey
}

// Each kind's words, test-id prefix and container class (the tests and stylesheets already use these names).
const KINDS: Record<ApplyKind, { prefix: string; className: string; words: FlowWords }> = {
  certificate: {
    prefix: 'cert',
    className: 'cert-apply',
    words: {
      hint: 'certificate.pick.hint',
      empty: 'certificate.pick.empty',
      none: 'certificate.pick.none',
      chosen: 'certificate.form.projects',
      submit: 'certificate.submit',
      submitting: 'certificate.submitting',
      successTitle: 'certificate.success.title',
      successText: 'certificate.success.text'
    }
  },
  receipt: {
    prefix: 'receipt',
    className: 'rc-apply',
    words: {
      hint: 'receipt.pick.hint',
      empty: 'receipt.pick.empty',
      none: 'receipt.pick.none',
      chosen: 'receipt.section.projects',
      submit: 'receipt.submit',
      submitting: 'receipt.submitting',
      successTitle: 'receipt.success.title',
      successText: 'receipt.success.text'
    }
  }
}

interface Props {
  kind: ApplyKind
  fetchStay(): Promise<Page<StayDonation>>
  /** step 2's cards (the form) */
  children: ReactNode
  /** the caller's form state: a problem shown under its field goes when this changes */
  form: unknown
  /** the first problem of the form with these gifts (under its field, else toasted), or the request that sends them */
  submit(donateIds: number[]): Problem | (() => Promise<ApplyResult>)
  /** in place of the submit bar when the school does not take applications now; `back` returns to step 1 */
  closed?(back: () => void): ReactNode
  onCancel(): void
  onDone(): void
}

export default function ApplyFlow({ kind, fetchStay, children, form, submit: check, closed, onCancel, onDone }: Props) {
  const t = useT()
  const { prefix, className, words } = KINDS[kind]
  const picker = useApplyPicker(fetchStay)
  const problems = useApplyErrors(form)
  const submit = useApplySubmit(problems.show)
  const [step, setStepState] = useState<1 | 2>(1)
  const setStep = (n: 1 | 2) => {
    setStepState(n)
    scrollToTop()
  }

  const next = () => {
    if (!picker.selected.length) toast(t(words.none))
    else setStep(2)
  }

  const send = () => {
    const checked = check(picker.selected)
    if (typeof checked === 'function') submit.run(checked)
    else problems.show(t(checked.key), checked.field)
  }

  const back = () => setStep(1)
  return (
    <View className={className} data-testid={`${prefix}-apply-flow`} data-step={step}>
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
            hint={t(words.hint)}
            empty={t(words.empty)}
            testPrefix={prefix}
          />
          <ActionBar
            info={<Text>{t('certificate.pick.count', { n: picker.selected.length })}</Text>}
            secondary={{ label: t('common.cancel'), onTap: onCancel, testId: `${prefix}-cancel` }}
            primary={{ label: t('certificate.next'), onTap: next, testId: `${prefix}-next` }}
          />
        </>
      ) : (
        <>
          <ChosenGifts title={t(words.chosen)} gifts={picker.chosen} />
          <FieldErrors.Provider value={problems.errors}>{children}</FieldErrors.Provider>
          {closed ? (
            closed(back)
          ) : (
            <ActionBar
              secondary={{ label: t('certificate.back'), onTap: back, testId: `${prefix}-back` }}
              primary={{
                label: t(submit.busy ? words.submitting : words.submit),
                onTap: send,
                testId: `${prefix}-submit`,
                busy: submit.busy
              }}
            />
          )}
        </>
      )}
      <ResultDialog open={submit.done} title={t(words.successTitle)} text={t(words.successText)} onConfirm={onDone} testPrefix={prefix} />
    </View>
  )
}
