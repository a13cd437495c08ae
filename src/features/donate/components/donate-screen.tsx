/**
 * Donation form `form?id&subItemsId&togetherId&ambassador` (docs/product §2, §4, §5): loads the project and its form, shows the
 * offline contact notice when the school takes no online gifts, checks permission on entry, and composes the
 * sections; submit hands the order to the payment module.
 */
import { useCallback, useMemo, useState } from 'react'
import { View } from '@tarojs/components'
import { FieldErrors, FormSkin } from '@/components/form-kit'
import { platform } from '@/platform'
import { store } from '@/platform/storage-keys'
import { useSession, useT } from '@/store/session'
import { useCardBalance } from '../hooks/use-card-balance'
import { useDonatePage, type DonateQuery } from '../hooks/use-donate-page'
import { useDonateSubmit } from '../hooks/use-donate-submit'
import { useFieldErrors } from '../hooks/use-field-errors'
import { usePermission } from '../hooks/use-permission'
import { isGoods, onlineDisabled, type FormContext } from '../model/context'
import { restoreDraft } from '../model/draft'
import { initialState, type DonateFormState } from '../model/form-state'
import { giftAmount, visibility } from '../model/visibility'
import AmountSection from './amount-section'
import { AlumniDialog, LargeRemindDialog } from './dialogs'
import DetailsToggle from './details-toggle'
import DonorSection from './donor-section'
import FulfilmentSections from './fulfilment-sections'
import GoodsSection from './goods-section'
import Notice from './notice'
import PayOutcomeBanner, { type OutcomeNotice } from './pay-outcome'
import PaySection from './pay-section'
import ProjectSummary from './project-summary'
import SubmitBar from './submit-bar'
// the form kit's `donate` skin is in its own stylesheet (components/form-kit); these are the form's own fields
import './fields.scss'
import './donate-screen.scss'

/** A draft left by a payment that did not complete (model/draft.ts), else the fresh form. */
function startState(ctx: FormContext, query: DonateQuery): { state: DonateFormState; restored: boolean } {
  const fresh = initialState(ctx, query)
  const restored = restoreDraft(store.get('donateDraft'), ctx, fresh)
  return restored ? { state: restored, restored: true } : { state: fresh, restored: false }
}

function DonateForm({ ctx, query }: { ctx: FormContext; query: DonateQuery }) {
  const [start] = useState(() => startState(ctx, query))
  const [state, setState] = useState<DonateFormState>(start.state)
  const [outcome, setOutcome] = useState<OutcomeNotice | null>(start.restored ? 'restored' : null)
  const update = useCallback((fn: (s: DonateFormState) => DonateFormState) => setState(fn), [])
  const gate = usePermission(ctx.project.id, true)
  const { balance, loadBalance } = useCardBalance()
  const { errors, onInvalid, onRefused } = useFieldErrors(ctx, state, update)
  const { submit, busy, remindOpen, confirmRemind, cancelRemind } = useDonateSubmit({
    ctx,
    state,
    update,
    onOutcome: setOutcome,
    onInvalid,
    onRefused,
    gate,
    loadBalance
  })
  const vis = visibility(ctx, state)
  const props = { ctx, state, update }
  return (
    <FormSkin.Provider value='donate'>
      <FieldErrors.Provider value={errors}>
        <View className='dn-form' data-testid='donate-form'>
          {outcome ? <PayOutcomeBanner outcome={outcome} busy={busy} onRetry={() => submit()} /> : null}
          <ProjectSummary ctx={ctx} />
          {isGoods(ctx) ? <GoodsSection {...props} /> : <AmountSection {...props} />}
          <DonorSection {...props} vis={vis} />
          <DetailsToggle open={state.detailsOpen} update={update} />
          {state.detailsOpen ? <FulfilmentSections form={ctx.form} state={state} update={update} vis={vis} /> : null}
          <PaySection {...props} vis={vis} balance={balance} onCardNumberDone={(no) => loadBalance(no)} />
          <View className='dn-form__spacer' />
          <SubmitBar amount={giftAmount(ctx, state)} busy={busy} onSubmit={() => submit({ consent: true })} />
          <LargeRemindDialog open={remindOpen} content={ctx.form.remindContent} onConfirm={confirmRemind} onCancel={cancelRemind} />
          <AlumniDialog open={gate.alumniOpen} onClose={gate.closeAlumni} />
        </View>
      </FieldErrors.Provider>
    </FormSkin.Provider>
  )
}

export default function DonateScreen() {
  const t = useT()
  const query = useMemo<DonateQuery>(() => platform.nav.currentQuery(), [])
  const page = useDonatePage(query)
  const settings = useSession((s) => s.settings)

  if (page.status === 'loading') return <View className='dn-loading'>{t('common.loading')}</View>
  if (page.status === 'error') {
    return (
      <Notice
        title={t('donate.loadFailed')}
        text={page.message}
        action={{ label: t('common.retry'), onTap: page.reload }}
        testId='donate-error'
      />
    )
  }
  const { ctx } = page
  if (onlineDisabled(ctx.form, settings)) {
    const text = ctx.form.offlineContactInfo || settings.offlineContactInfo || t('donate.offline.fallback')
    return (
      <Notice
        title={t('donate.offline.title')}
        text={text}
        action={{ label: t('donate.back'), onTap: () => platform.nav.back() }}
        testId='offline-notice'
      />
    )
  }
  if (ctx.project.isDonate !== 1) {
    return (
      <Notice
        title={t('donate.closed.title')}
        text={ctx.project.noReason || t('donate.closed.fallback')}
        action={{ label: t('donate.back'), onTap: () => platform.nav.back() }}
        testId='closed-notice'
      />
    )
  }
  return <DonateForm key={ctx.project.id} ctx={ctx} query={query} />
}
