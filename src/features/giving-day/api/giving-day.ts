/**
 * Giving-day calls (docs/product §7 Giving days; wire types in types/giving-day.ts): the public totals open for anyone
 * with the link; the ambassador code carries the token; the matched line opens the order as the thank-you call does.
 */
import { Api, type GivingDayAmbassador, type GivingDayMatched, type GivingDayPoster, type GivingDayTotals } from '@contract'
import { request } from '@/lib/request'

export function fetchGivingDay(id: number): Promise<GivingDayTotals> {
  return request<GivingDayTotals>({ path: Api.givingDayDetail, query: { id }, silent: true })
}

/** The caller's own ambassador code for the day (made on the first call); toasts the server's -1 (the day ended). */
export function becomeAmbassador(id: number): Promise<GivingDayAmbassador> {
  return request<GivingDayAmbassador>({ path: Api.givingDayAmbassador, method: 'POST', data: { id } })
}

/** What the giving days' matches added to the caller's own paid gift (docs/decisions/074-giving-day-screens.md). */
export function fetchMatched(billNo: string, payToken?: string): Promise<GivingDayMatched> {
  return request<GivingDayMatched>({ path: Api.givingDayMatched, query: { donatePlatOrder: billNo, payToken }, silent: true })
}

/** The ambassador's poster, drawn by the server (base64 PNG) with a QR code of their landing link
 *  (docs/decisions/084-joint-invite-poster-and-link.md, addendum); toasts the server's -1. */
export function fetchAmbassadorPoster(id: number, code: string): Promise<GivingDayPoster> {
  return request<GivingDayPoster>({ path: Api.givingDayPoster, query: { id, ambassador: code } })
}
