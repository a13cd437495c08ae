/**
 * Calls of the artwork campaign naming-xbmu (docs/product §7 Projects itemsDetail, areaList, seatList, donateSeatList;
 * User centre namingList). The works are the seats of the campaign's areas (docs/decisions/016-naming-maps.md).
 */
import { Api, type NamingArea, type NamingRecord, type Page, type PersonalNamingRecord, type Project, type SeatListAnswer } from '@contract'
import { request } from '@/lib/request'

const rowsOf = <T>(v: T[] | Page<T> | null | undefined): T[] => (Array.isArray(v) ? v : v?.rows || [])

export function fetchProject(id: number): Promise<Project> {
  return request<Project>({ path: Api.itemsDetail, query: { id }, auth: false, silent: true })
}

export async function fetchAreas(itemsId: number): Promise<NamingArea[]> {
  return rowsOf(await request<NamingArea[] | Page<NamingArea>>({ path: Api.areaList, query: { itemsId }, auth: false, silent: true }))
}

export function fetchWorks(areaId: number): Promise<SeatListAnswer> {
  return request<SeatListAnswer>({ path: Api.seatList, query: { areaId }, auth: false, silent: true })
}

export function fetchDonors(itemsId: number, offset: number, limit: number): Promise<Page<NamingRecord>> {
  return request<Page<NamingRecord>>({ path: Api.donateSeatList, query: { itemsId, offset, limit }, auth: false, silent: true })
}

export function fetchMine(itemsId: number, offset: number, limit: number): Promise<Page<PersonalNamingRecord>> {
  return request<Page<PersonalNamingRecord>>({ path: Api.namingList, query: { itemsId, offset, limit }, silent: true })
}
