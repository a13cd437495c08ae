/** What the donation form is built from: the project, its form config, sub-project prices, the joint donation. */
import { CrowdType, type FormConfig, type Project, type SubItemPrice, type FixMoneyOption } from '@contract'

export interface FormContext {
  project: Project
  form: FormConfig
  /** itemsSubPrice, loaded when the project has sub-projects (isSub 1) */
  subPrices: SubItemPrice[]
  /** togetherId of the route: a gift to a joint donation */
  togetherId: number | null
  /** a giving-day ambassador's code from the landing page's link (docs/decisions/074-giving-day-screens.md); '' none */
  ambassador?: string
}

export const isGoods = (ctx: Pick<FormContext, 'project'>): boolean => ctx.project.crowdType === CrowdType.GOODS

/** Sub-projects to choose from (isSub 1): the price list when loaded, else the project's own list. */
export function subProjects(ctx: FormContext): { id: number; name: string }[] {
  if (ctx.project.isSub !== 1) return []
  if (ctx.subPrices.length) return ctx.subPrices.map((s) => ({ id: s.id, name: s.name }))
  return ctx.project.subItemsList || []
}

/** Fixed-amount chips: the chosen sub-project's amounts, else the project's (when isFixMoney). */
export function fixedAmounts(ctx: FormContext, subItemsId: number | null): FixMoneyOption[] {
  if (isGoods(ctx)) return []
  const sub = subItemsId !== null ? ctx.subPrices.find((s) => s.id === subItemsId) : undefined
  if (sub && sub.fixMoney.length) return sub.fixMoney
  return ctx.project.isFixMoney === 1 ? ctx.project.fixMoney || [] : []
}

/** Hand entry is offered with isHandMoney, and always when there is no chip to pick (a gift must be possible). */
export function handEntryAllowed(ctx: FormContext, subItemsId: number | null): boolean {
  if (isGoods(ctx)) return false
  return ctx.project.isHandMoney === 1 || fixedAmounts(ctx, subItemsId).length === 0
}

/** Online giving switched off by the school (settings or the form's own flag): show the offline notice instead. */
export function onlineDisabled(form: Pick<FormConfig, 'isOnlineDisabled'>, settings: { disableOnlineDonation: boolean }): boolean {
  return settings.disableOnlineDonation || form.isOnlineDisabled === 1
}
