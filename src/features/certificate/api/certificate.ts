/**
 * Certificate calls (docs/product §7 Certificates): every one carries the token (the server answers only the caller's own
 * rows). Each returns the wire data; model/*.ts shapes it for the screens.
 */
import {
  Api,
  PAGE_SIZE,
  type CertificateConfig,
  type CertificateInsertBody,
  type CertificatePageQuery,
  type CertificateRecord,
  type Page,
  type StayDonation
} from '@contract'
import { postApply, type ApplyResult } from '@/components/apply-flow'
import { request } from '@/lib/request'

export function fetchCertificatePage(query: CertificatePageQuery): Promise<Page<CertificateRecord>> {
  return request<Page<CertificateRecord>>({ path: Api.certificatePage, query: { ...query }, silent: true })
}

export function fetchCertificateConfig(): Promise<CertificateConfig> {
  return request<CertificateConfig>({ path: Api.certificateConfig, silent: true })
}

/** Paid gifts without a paper-certificate application yet (the picker, docs/product §9 limit 99). */
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

/**
 * POST certificate/insert. docs/product §8: a code other than 0 shows the server's message; the flow toasts it.
 */
export function postCertificate(body: CertificateInsertBody): Promise<ApplyResult> {
  return postApply(Api.certificateInsert, body)
}
