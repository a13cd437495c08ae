/**
 * Certificate calls (SPEC §7 Certificates): every one carries the token (the server answers only the caller's own
 * rows). Each returns the wire data; model/*.ts shapes it for the screens.
 */
import {
  Api,
  PAGE_SIZE,
  type ApplyAnswer,
  type AreaCode,
  type CertificateConfig,
  type CertificateInsertBody,
  type CertificatePageQuery,
  type CertificateRecord,
  type Page,
  type StayDonation
} from '@contract'
import { request } from '@/lib/request'

export function fetchCertificatePage(query: CertificatePageQuery): Promise<Page<CertificateRecord>> {
  return request<Page<CertificateRecord>>({ path: Api.certificatePage, query: { ...query }, silent: true })
}

export function fetchCertificateConfig(): Promise<CertificateConfig> {
  return request<CertificateConfig>({ path: Api.certificateConfig, silent: true })
}

/** Paid gifts without a paper-certificate application yet (the picker, SPEC §9 limit 99). */
export function fetchCertificateStay(): Promise<Page<StayDonation>> {
  return request<Page<StayDonation>>({
    path: Api.certificateStayPage,
    query: { limit: PAGE_SIZE.PICKER, offset: 0 },
    silent: true
  })
}

export function fetchCertificateDetail(id: number): Promise<CertificateRecord> {
  return request<CertificateRecord>({ path: Api.certificateDetail, query: { id }, silent: true })
}

export type ApplyResult = { ok: true; ids: number[] } | { ok: false; message: string }

/**
 * POST certificate/insert. SPEC §8: a code other than 0 shows the server's message; the screen toasts `message`
 * (request() still applies the -997/-998 rules; a network failure's message is the network text).
 */
export async function postCertificate(body: CertificateInsertBody): Promise<ApplyResult> {
  return postApply(Api.certificateInsert, body)
}

/** Shared by the receipt feature (same answer shape and the same §8 rule). */
export async function postApply(path: string, body: unknown): Promise<ApplyResult> {
  try {
    const data = await request<ApplyAnswer>({ path, method: 'POST', data: body, silent: true })
    return { ok: true, ids: data?.ids || [] }
  } catch (e: any) {
    return { ok: false, message: String(e?.message || '') }
  }
}

/** Dialling codes for the mobile inputs (S/api/v1/area/getAreaList4sort), "+86" first. */
export function fetchAreaCodes(): Promise<AreaCode[]> {
  return request<AreaCode[]>({ path: Api.areaList4sort, auth: false, silent: true })
}
