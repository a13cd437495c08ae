import type { FormConfig } from '@contract'
import type { FormContext } from '../model/context'
import type { FulfilmentForm, FulfilmentState, FulfilmentVisibility } from '../model/fulfilment'
import type { DonateFormState } from '../model/form-state'

export type Update = (fn: (s: DonateFormState) => DonateFormState) => void

/** What every form section receives: the config, the current answers and the one way to change them. */
export interface SectionProps {
  ctx: FormContext
  state: DonateFormState
  update: Update
}

/** What the certificate, receipt and postal sections receive: the donation form and the naming forms hold different
 *  states, both with the fulfilment fields of model/fulfilment.ts (docs/decisions/048-naming-forms-whole.md). */
export interface FulfilmentProps<S extends FulfilmentState> {
  form: FulfilmentForm &
    Pick<
      FormConfig,
      'certificatePickUpAddress' | 'certificatePickUpName' | 'certificatePickUpMobile' | 'pickUpAddress' | 'pickUpName' | 'pickUpMobile'
    >
  state: S
  update: (fn: (s: S) => S) => void
  vis: FulfilmentVisibility
}
