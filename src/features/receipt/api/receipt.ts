/** Receipt calls (docs/product §7 Receipts), all with the token: the server answers only the caller's own rows. */
import {
  Api,
  PAGE_SIZE,
  type Page,
  type ReceiptConfig,
  type ReceiptInsertBody,
  type ReceiptLastUserInfo,
  type ReceiptPageQuery,
  type ReceiptRecord,
  type StayDonation
} from '@contract'
import { postApply, type ApplyResult } from '@/components/apply-flow'
import { request } from '@/lib/request'

export function fetchReceiptPage(query: ReceiptPageQuery): Promise<Page<ReceiptRecord>> {
  return request<Page<ReceiptRecord>>({ path: Api.receiptPage, query: { ...query }, silent: true })
}

export function fetchReceiptConfig(): Promise<ReceiptConfig> {
  return request<ReceiptConfig>({ path: Api.receiptConfig, silent: true })
}

/** Paid gifts without a receipt application yet (limit 99). */
export function fetchReceiptStay(): Promise<Page<StayDonation>> {
  return request<Page<StayDonation>>({ path: Api.receiptStayPage, query: { limit: PAGE_SIZE.PICKER, offset: 0 }, silent: true })
}

/** The previous application's donor and delivery details (prefill); null before the first, or when it fails. */
export function fetchLastUserInfo(): Promise<ReceiptLastUserInfo> {
  return request<ReceiptLastUserInfo>({ path: Api.receiptLastUserInfo, silent: true }).catch(() => null)
}

export function fetchReceiptDetail(id: number): Promise<ReceiptRecord> {
  return request<ReceiptRecord>({ path: Api.receiptDetail, query: { id }, silent: true })
}

export function postReceipt(body: ReceiptInsertBody): Promise<ApplyResult> {
  return postApply(Api.receiptInsert, body)
}
