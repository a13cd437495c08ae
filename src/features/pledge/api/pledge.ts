/**
 * Calls of the hhu tree pledge (docs/product §7 Naming activity getSeatDetail; Projects itemsDetail, formDetail and the
 * naming donate with itemsType 2). Each returns the wire data; model/*.ts shapes it.
 */
import {
  Api,
  type DonateAnswer,
  type FormConfig,
  type MapSeat,
  type NamingDonateSubmission,
  type Project,
  type SuccessData
} from '@contract'
import { request } from '@/lib/request'
import { platform } from '@/platform'
import { payChannelOf, withOfferedPayTypes } from '@/platform/payment/capability'

/** A tree's card; public, but with the donor's token their own message shows before staff approve it. */
export function fetchTree(seatId: number): Promise<MapSeat> {
  return request<MapSeat>({ path: Api.getSeatDetail, query: { seatId }, silent: true })
}

export function fetchProject(id: number): Promise<Project> {
  return request<Project>({ path: Api.itemsDetail, query: { id }, auth: false, silent: true })
}

export function fetchForm(itemsId: number): Promise<FormConfig> {
  // only the pay types this target can complete (src/platform/payment/capability.ts)
  return request<FormConfig>({ path: Api.formDetail, query: { itemsId }, silent: true }).then((f) =>
    withOfferedPayTypes(f, payChannelOf(platform.env()))
  )
}

/**
 * POST donate for the tree; a refusal (tree taken meanwhile, agreement not accepted) is toasted by request(), one that
 * names a field of the form (a donor field, the postal address) is left to the form to show under it (decision 081).
 */
export function postTreeDonate(body: NamingDonateSubmission): Promise<DonateAnswer> {
  // payChannel tells the server which of the school's credentials (mini-program, official account) to use
  return request<DonateAnswer>({
    path: Api.donate,
    method: 'POST',
    data: { ...body, payChannel: payChannelOf(platform.env()) },
    fieldErrors: true
  })
}

/** The thank-you data (certificate image once rendered) of a paid pledge. */
export function fetchSuccess(donatePlatOrder: string, payToken?: string): Promise<SuccessData> {
  return request<SuccessData>({ path: Api.success, query: { donatePlatOrder, payToken: payToken || undefined }, silent: true })
}
