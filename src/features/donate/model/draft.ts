/**
 * The donation form's draft: saved in the typed storage just before a payment starts, restored when the
 * form comes back after a cancelled, failed or unconfirmed payment, cleared once the gift is paid. Restoring reads
 * the stored state key by key against a fresh initial state: a key of another type, a preset or sub-project the
 * project no longer offers, or a pay type this target cannot complete falls back to the fresh value. Passwords
 * (the campus card's and password fields') are never stored.
 */
import type { StorageSchema } from '@/platform/storage-keys'
import { fixedAmounts, subProjects, type FormContext } from './context'
import type { DonateFormState } from './form-state'

export type StoredDraft = StorageSchema['donateDraft']

/** A draft older than this is a different visit: the form starts afresh. */
export const DRAFT_TTL_MS = 24 * 3600_000

const NEVER_STORED = new Set<keyof DonateFormState>(['passwork'])

/** What is stored: the form's state without the campus card's password nor the values of password fields. */
export function draftOf(ctx: FormContext, s: DonateFormState, now = Date.now()): StoredDraft {
  const passwords = new Set((ctx.form.fieldList || []).filter((f) => f.fieldUiType === 'password').map((f) => f.fieldName))
  const state: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(s)) if (!NEVER_STORED.has(k as keyof DonateFormState)) state[k] = v
  state.values = Object.fromEntries(Object.entries(s.values).filter(([name]) => !passwords.has(name)))
  return { itemsId: ctx.project.id, savedAt: now, state }
}

const sameShape = (a: unknown, b: unknown): boolean => {
  if (a === null || b === null) return true
  if (Array.isArray(a) || Array.isArray(b)) return false
  return typeof a === typeof b
}

/** The stored state merged over `fresh`, or null when the draft is for another project, expired or unreadable. */
export function restoreDraft(
  draft: StoredDraft | undefined | null,
  ctx: FormContext,
  fresh: DonateFormState,
  now = Date.now()
): DonateFormState | null {
  if (!draft || typeof draft !== 'object' || draft.itemsId !== ctx.project.id) return null
  if (typeof draft.savedAt !== 'number' || now - draft.savedAt > DRAFT_TTL_MS || now < draft.savedAt - 60_000) return null
  const stored = draft.state
  if (!stored || typeof stored !== 'object') return null
  const out: Record<string, unknown> = { ...fresh }
  for (const key of Object.keys(fresh) as (keyof DonateFormState)[]) {
    if (NEVER_STORED.has(key) || !(key in stored)) continue
    const v = stored[key]
    if (!sameShape(v, fresh[key])) continue
    // objects (values, codes, region) keep only string entries
    if (v && typeof v === 'object') {
      const obj: Record<string, string> = {}
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (typeof x === 'string') obj[k] = x
      out[key] = { ...(fresh[key] as object), ...obj }
    } else out[key] = v
  }
  const s = out as unknown as DonateFormState
  if (s.subItemsId !== null && !subProjects(ctx).some((p) => p.id === s.subItemsId)) s.subItemsId = fresh.subItemsId
  if (s.fixedMoney !== null && !fixedAmounts(ctx, s.subItemsId).some((o) => o.money === s.fixedMoney)) s.fixedMoney = null
  if (s.payType !== null && !(ctx.form.payPlatformList || []).includes(s.payType)) s.payType = fresh.payType
  return s
}
