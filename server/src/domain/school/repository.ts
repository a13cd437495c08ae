import type { Insertable, Kysely, Transaction } from 'kysely'
import type { BaseSettingTable, DB, SchoolSettingTable, SchoolTable } from '../../db/schema'

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

/** The next school flagged default takes the flag from every other. */
export async function clearDefaultSchool(db: Db): Promise<void> {
  await db.updateTable('school').set({ is_default: 0 }).execute()
}

export async function insertSchool(db: Db, row: Insertable<SchoolTable>): Promise<number> {
  const { id } = await db.insertInto('school').values(row).returning('id').executeTakeFirstOrThrow()
  return id
}

export async function insertSchoolSetting(db: Db, row: Insertable<SchoolSettingTable>): Promise<void> {
  await db.insertInto('school_setting').values(row).execute()
}

export async function insertBaseSettings(db: Db, rows: Insertable<BaseSettingTable>[]): Promise<void> {
  await db.insertInto('base_setting').values(rows).execute()
}

/** The sandbox switch, and with it whether the school takes real donors (school.is_production). */
export async function setSandbox(db: Db, schoolId: number, sandbox: boolean): Promise<void> {
  await db
    .updateTable('school_setting')
    .set({ sandbox_enabled: sandbox ? 1 : 0 })
    .where('school_id', '=', schoolId)
    .execute()
  await db
    .updateTable('school')
    .set({ is_production: sandbox ? 0 : 1 })
    .where('id', '=', schoolId)
    .execute()
}

/** campaign key -> item id, as JSON */
export async function setCampaignItems(db: Db, schoolId: number, campaignItemsJson: string): Promise<void> {
  await db.updateTable('school_setting').set({ campaign_items: campaignItemsJson }).where('school_id', '=', schoolId).execute()
}
