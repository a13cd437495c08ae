import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

export const findSchoolByCode = (db: Db, code: string) => db.selectFrom('school').selectAll().where('code', '=', code).executeTakeFirst()

/** The school named by /config/index.json: the one flagged default, else the oldest. */
export const findDefaultSchool = (db: Db) =>
  db.selectFrom('school').selectAll().orderBy('is_default', 'desc').orderBy('id', 'asc').limit(1).executeTakeFirst()

export const getSchoolSetting = (db: Db, schoolId: number) =>
  db.selectFrom('school_setting').selectAll().where('school_id', '=', schoolId).executeTakeFirst()

export const listBaseSettings = (db: Db, schoolId: number) =>
  db.selectFrom('base_setting').select(['setting_key', 'setting_value']).where('school_id', '=', schoolId).orderBy('id').execute()

export const getBaseSetting = (db: Db, schoolId: number, key: string) =>
  db.selectFrom('base_setting').select('setting_value').where('school_id', '=', schoolId).where('setting_key', '=', key).executeTakeFirst()
