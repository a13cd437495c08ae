/**
 * Calls of the campaign pages (docs/product §7 Projects itemsDetail and donateSeatList; Naming activity: the map
 * config by map id, getSeatDetail, getSeatStatusList; wire types in types/naming-map.ts). Each returns the wire
 * data; model/*.ts shapes it.
 */
import {
  Api,
  type MapConfig,
  type MapSeat,
  type NamingRecord,
  type Page,
  type Project,
  type SeatFilter,
  type SeatStatusMap
} from '@contract'
import { request } from '@/lib/request'

/** itemsDetail is public (docs/product §6). */
export function fetchProject(id: number): Promise<Project> {
  return request<Project>({ path: Api.itemsDetail, query: { id }, auth: false, silent: true })
}

/** docs/product §9: naming lists ask for 999 rows. */
export function fetchNamedSeats(itemsId: number): Promise<Page<NamingRecord>> {
  return request<Page<NamingRecord>>({ path: Api.donateSeatList, query: { itemsId, offset: 0, limit: 999 }, auth: false, silent: true })
}

export function fetchMapConfig(id: string): Promise<MapConfig> {
  return request<MapConfig>({ path: Api.namingMap, query: { id }, auth: false, silent: true })
}

/**
 * The token goes along when the donor has one (docs/product §7: token optional): a donor sees their own message on the
 * point they named at once, before staff approve the nameplate. A stale token is no session there, never -997.
 */
export function fetchSeatDetail(seatId: number): Promise<MapSeat> {
  return request<MapSeat>({ path: Api.getSeatDetail, query: { seatId }, silent: true })
}

export function fetchSeatStatuses(filter: SeatFilter): Promise<SeatStatusMap> {
  return request<SeatStatusMap>({ path: Api.getSeatStatusList, method: 'POST', data: filter, auth: false, silent: true })
}
