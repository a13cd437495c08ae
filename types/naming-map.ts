/**
 * Campus naming maps on the wire (docs/product §2 Naming maps, §3 Map config file, Map seat, Seat filter,
 * §4 named seats and map rules, §7 Naming activity, §9 campaign ids and price bands).
 * Field names follow docs/product §3. Coordinates are map-image pixels (the config's width x height); money is `Yuan`.
 *
 * Changes (additive only after the first version; newest first):
 * - v1: first version.
 */

/** The map answers: the schemas of types/schema/naming-map.ts (docs/decisions/056-donor-contract.md). */
export type { MapLevel, MapArea, MapTree, MapBuilding, MapConfig, MapSeatStatus, MapSeat, SeatStatusMap } from './schema/naming-map'

/** The map requests: the schemas of types/schema/naming-map.ts (docs/decisions/066-donor-requests.md). */
export type { MapConfigQuery, SeatDetailQuery, SeatFilter } from './schema/naming-map'
