/**
 * Joint donation calls (docs/product §7 Joint; wire types in types/together.ts). Launching and cancelling carry the
 * token; the invite page and its donor list open for anyone with the link (a visitor sees it before signing in).
 */
import {
  Api,
  PAGE_SIZE,
  type DonationRecord,
  type InsertTogetherBody,
  type Page,
  type TogetherDetail,
  type TogetherPoster,
  type TogetherLaunchDetail
} from '@contract'
import { request } from '@/lib/request'

export function fetchLaunchDetail(itemsId: number): Promise<TogetherLaunchDetail> {
  return request<TogetherLaunchDetail>({ path: Api.launchDetail, query: { itemsId }, silent: true })
}

/**
 * Toasts the server's message on -1 (a project that closed meanwhile), except a refusal naming a field (docs/product
 * §5 rules), which the form shows under it (decision 081). Answers the new id.
 */
export function insertTogether(body: InsertTogetherBody): Promise<number> {
  return request<number>({ path: Api.insertTogether, method: 'POST', data: body, fieldErrors: true })
}

export function fetchTogetherDetail(id: number): Promise<TogetherDetail> {
  return request<TogetherDetail>({ path: Api.togetherDetail, query: { id }, silent: true })
}

/** The invite poster, drawn by the server (base64 PNG) with the invite page's address (docs/decisions/084). */
export function fetchTogetherPoster(id: number): Promise<TogetherPoster> {
  return request<TogetherPoster>({ path: Api.togetherPoster, query: { id } })
}

/** Toasts the server's message on -1 (not its sponsor, something raised meanwhile). */
export function cancelTogether(id: number): Promise<unknown> {
  return request<unknown>({ path: Api.togetherDelete, query: { id } })
}

/** The joint donation's donors (donateRecordPage with donateTogetherId): 20 a page, 9999 for the avatar strip. */
export function fetchTogetherDonors(
  togetherId: number,
  offset: number,
  limit: number = PAGE_SIZE.TOGETHER_DONORS
): Promise<Page<DonationRecord>> {
  return request<Page<DonationRecord>>({
    path: Api.donateRecordPage,
    query: { donateTogetherId: togetherId, offset, limit, order: '' },
    silent: true
  })
}
