/** Naming maps (naming_map, naming_seat_profile, migration 014) and the seats they draw. Every query filters by school. */
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

/** A project's seats in one or more areas (none: all), matching a species or label exactly when `name` is given. */
export function seatsMatching(db: Db, schoolId: number, f: { itemsId: number; areaIds: number[]; name: string }) {
  let q = db
    .selectFrom('naming_seat as s')
    .innerJoin('naming_area as a', (j) => j.onRef('a.id', '=', 's.area_id').on('a.school_id', '=', schoolId))
    .leftJoin('naming_seat_profile as p', (j) => j.onRef('p.seat_id', '=', 's.id').on('p.school_id', '=', schoolId))
    .select(['s.id', 's.status', 's.price_list', 'a.price_list as area_prices'])
    .where('s.school_id', '=', schoolId)
    .where('s.items_id', '=', f.itemsId)
  if (f.areaIds.length) q = q.where('s.area_id', 'in', f.areaIds)
  if (f.name) q = q.where((eb) => eb.or([eb('p.name', '=', f.name), eb('s.label', '=', f.name)]))
  return q.orderBy('s.id').execute()
}

/** One seat with its area's prices, its profile, and its naming record and paid gift when named. */
export const seatWithNaming = (db: Db, schoolId: number, seatId: number) =>
  db
    .selectFrom('naming_seat as s')
    .innerJoin('naming_area as a', (j) => j.onRef('a.id', '=', 's.area_id').on('a.school_id', '=', schoolId))
    .leftJoin('naming_seat_profile as p', (j) => j.onRef('p.seat_id', '=', 's.id').on('p.school_id', '=', schoolId))
    .leftJoin('naming_record as r', (j) => j.onRef('r.id', '=', 's.record_id').on('r.school_id', '=', schoolId))
    .leftJoin('donation as d', (j) => j.onRef('d.id', '=', 'r.donation_id').on('d.status', '=', 'paid'))
    .select([
      's.id',
      's.label',
      's.status',
      's.img_url',
      's.price_list',
      's.items_id',
      's.area_id',
      'a.price_list as area_prices',
      'p.intro',
      'r.donor_name as plate_donor',
      'r.donation_message',
      'r.nameplate_status',
      'r.named_at',
      'd.donor_name',
      'd.is_anonymous',
      'd.paid_at',
      'd.user_id'
    ])
    .where('s.school_id', '=', schoolId)
    .where('s.id', '=', seatId)

export const findMap = (db: Db, schoolId: number, mapKey: string) =>
  db
    .selectFrom('naming_map')
    .select(['map_key', 'level', 'config'])
    .where('school_id', '=', schoolId)
    .where('map_key', '=', mapKey)
    .executeTakeFirst()
