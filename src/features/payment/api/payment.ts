/**
 * Calls of the payment pages (docs/product §7 Projects: cancel, payback, success, donate4ali; the sandbox cashier's notify).
 * payback, success and donate4ali take the order's pay-link token when the page has one (a browser without the
 * donor's session, docs/decisions/009-alipay-pay-link.md); the session token itself never goes into a URL.
 */
import { Api, type Donate4AliAnswer, type SandboxNotifyBody, type SuccessData } from '@contract'
import { request } from '@/lib/request'

/** The order's proof: its payToken when the page was opened with one, else the session (Authorization). */
function orderQuery(billNo: string, payToken?: string) {
  return payToken ? { query: { donatePlatOrder: billNo, payToken }, auth: false } : { query: { donatePlatOrder: billNo } }
}

/** 1 when the order is paid (docs/product §7 payback: data 1 means paid). Silent: callers show their own state. */
export async function fetchPayback(billNo: string, payToken?: string): Promise<boolean> {
  const data = await request<number>({ path: Api.payback, ...orderQuery(billNo, payToken), silent: true })
  return Number(data) === 1
}

/** GET cancel with the order number (docs/product §4: after a cancelled or failed payment). Needs the session. */
export function cancelOrder(billNo: string): Promise<null> {
  return request<null>({ path: Api.cancel, query: { donatePlatOrder: billNo }, silent: true })
}

export function fetchSuccess(billNo: string, payToken?: string): Promise<SuccessData> {
  return request<SuccessData>({ path: Api.success, ...orderQuery(billNo, payToken), silent: true })
}

/** The auto-submitting wap payment form (data.data.data per docs/product §7). */
export async function fetchDonate4Ali(billNo: string, payToken?: string): Promise<string> {
  const data = await request<Donate4AliAnswer>({ path: Api.donate4ali, ...orderQuery(billNo, payToken), silent: true })
  return data?.data || ''
}

/** The sandbox cashier's confirm (or simulated failure); refused unless the school has the sandbox on. */
export function postSandboxNotify(body: SandboxNotifyBody): Promise<{ status: string }> {
  return request<{ status: string }>({ path: Api.sandboxNotify, method: 'POST', data: body, auth: false })
}
