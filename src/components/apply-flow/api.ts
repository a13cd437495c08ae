/** The apply flows' submit (certificate/insert, receipt/insert): the same answer shape and the same docs/product §8 rule. */
import type { ApplyAnswer } from '@contract'
import { ApiError, request } from '@/lib/request'

export type ApplyResult = { ok: true; ids: number[] } | { ok: false; message: string; field: string | null }

/**
 * A code other than 0 shows the server's message: under the field a refusal names (`data.field`, decision 077), else
 * the flow toasts `message` (request() still applies the -997/-998 rules; a network failure's message is the network
 * text).
 */
export async function postApply(path: string, body: unknown): Promise<ApplyResult> {
  try {
    const data = await request<ApplyAnswer>({ path, method: 'POST', data: body, silent: true, fieldErrors: true })
    return { ok: true, ids: data?.ids || [] }
  } catch (e: unknown) {
    return { ok: false, message: e instanceof Error ? e.message : '', field: e instanceof ApiError ? e.field : null }
  }
}
