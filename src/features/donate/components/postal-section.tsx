/**
 * Postal address (express receipt, or a paper certificate by post): region from the province/city/district
 * picker, street address, recipient (follows the donor name until edited), mobile with area code, postcode.
 */
import { useState } from 'react'
import { useT } from '@/store/session'
import { patchFulfilment as patch, setFulfilmentCode as setCode, type FulfilmentState } from '../model/fulfilment'
import AreaSheet, { regionText } from './area-sheet'
import { Card, InputRow, MobileRow, ValueRow } from '@/components/form-kit'
import type { FulfilmentProps } from './types'
import type { MessageKey } from '@/lib/i18n'

export default function PostalSection<S extends FulfilmentState>({ state, update, vis }: Omit<FulfilmentProps<S>, 'form'>) {
  const t = useT()
  const [open, setOpen] = useState(false)
  if (!vis.postal) return null
  const req = (key: MessageKey) => t('donate.field.required', { title: t(key) })
  return (
    <Card title={t('donate.section.postal')} testId='postal-section'>
      <AreaSheet open={open} onClose={() => setOpen(false)} onPick={(region) => update((s) => patch(s, { region }))} />
      <ValueRow
        label={t('donate.postal.region')}
        required
        value={regionText(state.region)}
        placeholder={t('donate.postal.regionRequired')}
        onTap={() => setOpen(true)}
        testId='postal-region'
        field='region'
      />
      <InputRow
        label={t('donate.postal.address')}
        required
        value={state.postalAddress}
        placeholder={req('donate.postal.address')}
        maxlength={200}
        onInput={(v) => update((s) => patch(s, { postalAddress: v }))}
        testId='postal-address'
        field='postalAddress'
      />
      <InputRow
        label={t('donate.postal.contact')}
        required
        value={state.postalContact}
        placeholder={req('donate.postal.contact')}
        maxlength={32}
        onInput={(v) => update((s) => patch(s, { postalContact: v }))}
        testId='postal-contact'
        field='postalContact'
      />
      <MobileRow
        label={t('donate.postal.mobile')}
        required
        placeholder={req('donate.postal.mobile')}
        area={state.codes.postalMobile}
        value={state.postalMobile}
        onArea={(c) => update((s) => setCode(s, 'postalMobile', c))}
        onInput={(v) => update((s) => patch(s, { postalMobile: v }))}
        testId='postal-mobile'
        field='postalMobile'
      />
      <InputRow
        label={t('donate.postal.zip')}
        value={state.postalZip}
        placeholder={t('donate.postal.zipPlaceholder')}
        type='number'
        maxlength={6}
        onInput={(v) => update((s) => patch(s, { postalZip: v }))}
        testId='postal-zip'
      />
    </Card>
  )
}
