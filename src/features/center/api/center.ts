/**
 * Personal-centre calls (docs/product §7 User centre; wire types in types/center.ts). All carry the token; the server
 * answers only with the caller's own data. Each returns the wire data; model/*.ts shapes it for the pages.
 */
import {
  Api,
  type Award,
  type MyTogetherDonation,
  type NoticePreferences,
  type Page,
  type PersonalDonation,
  type ProjectDonateGroup,
  type ReceiptConfig,
  type TogetherStatistics,
  type UpdateUserBody,
  type UserCenter
} from '@contract'
import { request } from '@/lib/request'

export function fetchMy(): Promise<UserCenter> {
  return request<UserCenter>({ path: Api.centerMy, silent: true })
}

export function fetchAwards(): Promise<Award[]> {
  return request<Award[]>({ path: Api.awardList, silent: true })
}

export function fetchAward(awardId: number): Promise<Award> {
  return request<Award>({ path: Api.awardDetail, query: { awardId }, silent: true })
}

/**
 * Toasts the server's message on -1 (an avatar the caller did not upload), except a refusal naming a field (the
 * nickname rules), which the popup shows under its input (decision 081).
 */
export function updateUser(body: UpdateUserBody): Promise<unknown> {
  return request<unknown>({ path: Api.updateUser, method: 'POST', data: body, fieldErrors: true })
}

export function fetchDonateGroups(): Promise<ProjectDonateGroup[]> {
  return request<ProjectDonateGroup[]>({ path: Api.itemsDonateGroup, silent: true })
}

export function fetchDonateRecords(offset: number, limit: number): Promise<Page<PersonalDonation>> {
  return request<Page<PersonalDonation>>({ path: Api.donateRecordList, query: { offset, limit }, silent: true })
}

export function fetchTogetherStats(): Promise<TogetherStatistics> {
  return request<TogetherStatistics>({ path: Api.togetherStatistics, silent: true })
}

export function fetchLaunchList(offset: number, limit: number): Promise<Page<MyTogetherDonation>> {
  return request<Page<MyTogetherDonation>>({ path: Api.launchList, query: { offset, limit }, silent: true })
}

export function fetchJoinList(offset: number, limit: number): Promise<Page<MyTogetherDonation>> {
  return request<Page<MyTogetherDonation>>({ path: Api.joinList, query: { offset, limit }, silent: true })
}

/** Whether receipts are on (mine shows the receipts link only then, docs/product §2). */
export function fetchReceiptConfig(): Promise<ReceiptConfig> {
  return request<ReceiptConfig>({ path: Api.receiptConfig, silent: true })
}

/** The caller's notification choices (docs/decisions/044-notifications.md). */
export function fetchNoticePreferences(): Promise<NoticePreferences> {
  return request<NoticePreferences>({ path: Api.noticePreferences, silent: true })
}

export function saveNoticePreferences(body: NoticePreferences): Promise<NoticePreferences> {
  // a refusal of the address is shown under it by the page (decision 081)
  return request<NoticePreferences>({ path: Api.noticePreferencesSave, method: 'POST', data: body, fieldErrors: true })
}
