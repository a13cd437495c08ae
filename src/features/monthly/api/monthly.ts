/**
 * Monthly giving calls (types/monthly.ts; docs/decisions/071-monthly-giving.md, 078-monthly-giving-screens.md). The
 * server takes the user from the token: plans, stop and create are the caller's own.
 */
import { Api, type MonthlyCreateBody, type MonthlyOffer, type MonthlyPlan, type MonthlyPlans, type PayChannelCode } from '@contract'
import { request } from '@/lib/request'

/** Whether the project page shows "give monthly" (no token needed; a failure simply hides the offer). */
export function fetchOffer(itemsId: number): Promise<MonthlyOffer> {
  return request<MonthlyOffer>({ path: Api.monthlyOffer, query: { itemsId }, auth: false, silent: true })
}

/** Creates and signs a plan (the sandbox signs at once); rejects with the server's message, which the form shows. */
export function createPlan(body: MonthlyCreateBody): Promise<MonthlyPlan> {
  return request<MonthlyPlan>({ path: Api.monthlyCreate, method: 'POST', data: body, silent: true })
}

export function fetchPlans(): Promise<MonthlyPlans> {
  return request<MonthlyPlans>({ path: Api.monthlyPlans, silent: true })
}

/** Toasts the server's message on -1 (already stopped). */
export function stopPlan(id: number): Promise<MonthlyPlan> {
  return request<MonthlyPlan>({ path: Api.monthlyStop, method: 'POST', data: { id } })
}

/** Resumes a plan paused after a month's failed charges (docs/decisions/085): active again from its next day. Rejects
 *  with the server's message (in the donor's language), which the plan's card shows. */
export function resumePaused(id: number): Promise<MonthlyPlan> {
  return request<MonthlyPlan>({ path: Api.monthlyResume, method: 'POST', data: { id }, silent: true })
}

/** The provider's sign page again for a plan still signing ("继续签约", docs/decisions/085); without `sign` when the
 *  plan was signed meanwhile. Rejects with the server's message, which the screen shows. */
export function signAgain(id: number, payChannel: PayChannelCode): Promise<MonthlyPlan> {
  return request<MonthlyPlan>({ path: Api.monthlySign, method: 'POST', data: { id, payChannel }, silent: true })
}
