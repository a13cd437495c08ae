/**
 * Project calls (docs/product §7 Projects, plus the project's donor list from Index donateRecordPage).
 * Each returns the wire data; model/*.ts shapes it for the screens.
 */
import {
  Api,
  type DonationRecord,
  type LeaveMessage,
  type LeaveMessageResult,
  type NamingRecord,
  type Page,
  type ProgressEntry,
  type Project,
  type ProjectLabel,
  type ProjectSummary,
  type ProjectType,
  type SubItemStatistic,
  type TogetherDonation,
  type UsePublicity
} from '@contract'
import { request } from '@/lib/request'

export interface ItemsListFilter {
  typeId?: number
  labelId?: number
  s?: string
}

/** Lists and filters are public (docs/product §6): sent without the token. Failures show in the list footer, not a toast. */
export function fetchTypeList(): Promise<ProjectType[]> {
  return request<ProjectType[]>({ path: Api.typeList, auth: false, silent: true })
}

export function fetchLabelList(): Promise<ProjectLabel[]> {
  return request<ProjectLabel[]>({ path: Api.labelList, auth: false, silent: true })
}

export function fetchItemsList(filter: ItemsListFilter, offset: number, limit: number): Promise<Page<ProjectSummary>> {
  return request<Page<ProjectSummary>>({
    path: Api.itemsList,
    query: { limit, offset, typeId: filter.typeId, labelId: filter.labelId, s: filter.s },
    auth: false,
    silent: true
  })
}

/** itemsDetail is sent without the token (docs/product §6); an unknown id answers -1 with a message the page shows. */
export function fetchItemsDetail(id: number): Promise<Project> {
  return request<Project>({ path: Api.itemsDetail, query: { id }, auth: false, silent: true })
}

type PageFetch<T> = (itemsId: number, offset: number, limit: number) => Promise<Page<T>>

function pageOf<T>(path: string): PageFetch<T> {
  return (itemsId, offset, limit) => request<Page<T>>({ path, query: { itemsId, offset, limit }, silent: true })
}

export const fetchDonateRecords = pageOf<DonationRecord>(Api.donateRecordPage)
export const fetchDonateSeats = pageOf<NamingRecord>(Api.donateSeatList)
export const fetchDonateBooks = pageOf<NamingRecord>(Api.donateBookList)
export const fetchTogetherList = pageOf<TogetherDonation>(Api.togetherList)
export const fetchProgressList = pageOf<ProgressEntry>(Api.progressList)
export const fetchLeavewordList = pageOf<LeaveMessage>(Api.leavewordList)
export const fetchInstructionList = pageOf<UsePublicity>(Api.instructionList)

/** POST insertLeaveword: needs the token; the server's -1 message is toasted by request(), or shown under the box when it names the content (decision 081). */
export function postLeaveword(itemsId: number, content: string): Promise<LeaveMessageResult> {
  return request<LeaveMessageResult>({ path: Api.insertLeaveword, method: 'POST', data: { itemsId, content }, fieldErrors: true })
}

/** Raised per sub-project (docs/product §3 sub-project statistic), ranked by the server when the project has isSubRank. */
export function fetchSubItemsStatistics(itemsId: number): Promise<SubItemStatistic[]> {
  return request<SubItemStatistic[]>({ path: Api.subItemsStatistics, query: { itemsId }, auth: false, silent: true })
}
