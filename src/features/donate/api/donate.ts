/**
 * Calls of the donation form (docs/product §7 Projects: itemsDetail, formDetail, itemsSubPrice, checkPermission,
 * getCardBlance, donate; S: area codes and the area dictionary). Each returns the wire data; model/*.ts shapes it.
 */
import {
  Api,
  PermissionCode,
  type AreaDictionaryNode,
  type CardBalance,
  type DonateAnswer,
  type DonateSubmission,
  type FormConfig,
  type Project,
  type SubItemPrice
} from '@contract'
import { ApiError, request } from '@/lib/request'
import { platform } from '@/platform'
import { payChannelOf, withOfferedPayTypes } from '@/platform/payment/capability'
import { AGREEMENT_BANK_SETTING, SettingKey } from '@contract'

/** itemsDetail is public (docs/product §6). */
export function fetchProject(id: number): Promise<Project> {
  return request<Project>({ path: Api.itemsDetail, query: { id }, auth: false, silent: true })
}

/** formDetail carries the token when there is one: the signed-in donor's previous answers come back for prefill.
 *  Only the pay types this target can complete are offered (src/platform/payment/capability.ts). */
export function fetchFormDetail(itemsId: number): Promise<FormConfig> {
  return request<FormConfig>({ path: Api.formDetail, query: { itemsId }, silent: true }).then((f) =>
    withOfferedPayTypes(f, payChannelOf(platform.env()))
  )
}

export function fetchSubPrices(itemsId: number): Promise<SubItemPrice[]> {
  return request<SubItemPrice[]>({ path: Api.itemsSubPrice, query: { itemsId }, silent: true })
}

export type Permission = 'ok' | 'alumni' | 'login' | 'error'

/**
 * checkPermission (docs/product §4, §6): 'alumni' for errorCode 0201 (alumni-only project), 'login' for 0101 (no valid
 * token), 'error' when the check itself failed (network, unknown project): the server checks again on donate.
 */
export async function checkPermission(itemsId: number): Promise<Permission> {
  try {
    const data = await request<{ errorCode?: string } | null>({ path: Api.checkPermission, query: { itemsId }, silent: true })
    const code = data?.errorCode || ''
    if (code === PermissionCode.ALUMNI_REQUIRED) return 'alumni'
    if (code === PermissionCode.AUTH_REQUIRED) return 'login'
    return 'ok'
  } catch (e) {
    if (e instanceof ApiError && e.permissionCode === PermissionCode.ALUMNI_REQUIRED) return 'alumni'
    if (e instanceof ApiError && e.permissionCode === PermissionCode.AUTH_REQUIRED) return 'login'
    return 'error'
  }
}

/** Campus card balance (pay type 9). The number alone (GET, docs/product §7) answers only for a card this donor has proved;
 *  with the password it is a POST (the password never goes into a URL) that proves the card. Rejects when the
 *  server shows no balance (unproved card, wrong password, card service down). */
export function fetchCardBalance(stuWorkNo: string, password?: string): Promise<CardBalance> {
  if (password) return request<CardBalance>({ path: Api.getCardBlance, method: 'POST', data: { stuWorkNo, password }, silent: true })
  return request<CardBalance>({ path: Api.getCardBlance, query: { stuWorkNo }, silent: true })
}

/** POST donate: code -1 is toasted by request() and rejects; nothing else happens then (docs/product §8). */
/** A refusal that names a field is not toasted: the form shows it under that field (decision 061). */
export function postDonate(body: DonateSubmission): Promise<DonateAnswer> {
  return request<DonateAnswer>({ path: Api.donate, method: 'POST', data: body, fieldErrors: true })
}

/** Provinces (parentId '0'), then cities, then districts. */
export function fetchAreaChildren(parentId: string): Promise<AreaDictionaryNode[]> {
  return request<AreaDictionaryNode[]>({ path: Api.areaDictionary, query: { parentId }, auth: false, silent: true })
}

/**
 * The bank account agreement gifts are transferred to (types/agreement.ts AGREEMENT_BANK_SETTING): set where the
 * school runs the donation agreement; '' otherwise (decision 061, the receipt section's link).
 */
export async function fetchAgreementBank(): Promise<string> {
  try {
    return (await request<string>({ path: Api.getSettingValue, query: { key: AGREEMENT_BANK_SETTING }, auth: false, silent: true })) || ''
  } catch {
    return ''
  }
}

/** The alumni mini-program that certifies alumni (docs/product §6): {"appid","path","originalId"}, or null when unset. */
export async function fetchAlumniLaunch(): Promise<{ appid: string; path: string } | null> {
  try {
    const raw = await request<string>({ path: Api.getSettingValue, query: { key: SettingKey.ALUMNI_AUTH_SKIP }, auth: false, silent: true })
    const v = raw ? JSON.parse(raw) : null
    return v && typeof v.appid === 'string' && v.appid ? { appid: v.appid, path: String(v.path || '') } : null
  } catch {
    return null
  }
}
