/** The privacy policy per school and donors' consents (privacy_policy, privacy_consent, migration 030). */
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely'
import { prepared } from '../../db/prepared'
import type { DB, PrivacyConsentTable, PrivacyPolicyTable } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

export const policyRow = (db: Db, schoolId: number) =>
  db.selectFrom('privacy_policy').selectAll().where('school_id', '=', schoolId).executeTakeFirst()

export const policyVersion = (db: Db, schoolId: number) =>
  db.selectFrom('privacy_policy').select('version').where('school_id', '=', schoolId).executeTakeFirst()

/** The school's policy, written whole (a school has one row). */
export async function upsertPolicy(db: Db, schoolId: number, row: Omit<Insertable<PrivacyPolicyTable>, 'school_id'>) {
  await db
    .insertInto('privacy_policy')
    .values({ school_id: schoolId, ...row })
    .onConflict((oc) => oc.column('school_id').doUpdateSet(row))
    .execute()
}

/**
 * The current version (null: the school has no policy of its own, the default applies) and the donor's consent to it,
 * in one statement: every donation with personal data asks both (decision 041; docs/decisions/076-postgresql-at-the-peak.md).
 * $(2) is the default policy's version.
 */
export const consentNow = prepared((db, $) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('privacy_policy').select('version').where('school_id', '=', $(0)).as('version'),
    eb
      .selectFrom('privacy_consent')
      .select('created_at')
      .where('school_id', '=', $(0))
      .where('user_id', '=', $(1))
      .where('version', '=', sql<number>`coalesce((select version from privacy_policy where school_id = ${$(0)}), ${$(2)})`)
      .as('consented_at')
  ])
)

/** A donor's consent to a version, once. */
export async function insertConsent(db: Db, row: Insertable<PrivacyConsentTable>): Promise<void> {
  await db
    .insertInto('privacy_consent')
    .values(row)
    .onConflict((oc) => oc.columns(['school_id', 'user_id', 'version']).doNothing())
    .execute()
}

export async function consentCount(db: Db, schoolId: number, version: number): Promise<number> {
  const r = await db
    .selectFrom('privacy_consent')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('school_id', '=', schoolId)
    .where('version', '=', version)
    .executeTakeFirstOrThrow()
  return Number(r.n)
}
