import type { FormContext } from '../model/context'
import type { DonateFormState } from '../model/form-state'

export type Update = (fn: (s: DonateFormState) => DonateFormState) => void

/** What every form section receives: the config, the current answers and the one way to change them. */
export interface SectionProps {
  ctx: FormContext
  state: DonateFormState
  update: Update
}
