/** Electronic certificates (certificate, migrations 005 and 027): one per paid gift. Every query filters by school. */
import type { Insertable, Kysely, Transaction } from 'kysely'
import type { CertificateTable, DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

/** Records the drawn file once: a certificate already drawn (by a concurrent issue) keeps its file. */
export const setCertificateFile = (db: Db, schoolId: number, donationId: number, fileUrl: string) =>
  db
    .updateTable('certificate')
    .set({ file_url: fileUrl })
    .where('school_id', '=', schoolId)
    .where('donation_id', '=', donationId)
    .where('file_url', '=', '')
    .executeTakeFirst()

export const findCertificate = (db: Db, schoolId: number, donationId: number) =>
  db.selectFrom('certificate').selectAll().where('school_id', '=', schoolId).where('donation_id', '=', donationId).executeTakeFirst()

/** The certificate's number and text, before its file is drawn; a concurrent issue's row wins. */
export async function insertCertificate(db: Db, row: Insertable<CertificateTable>): Promise<void> {
  await db
    .insertInto('certificate')
    .values(row)
    .onConflict((oc) => oc.column('donation_id').doNothing())
    .execute()
}

/** What a certificate prints of its school and project. */
export const certificateSchoolAndProject = (db: Db, schoolId: number, itemsId: number) =>
  Promise.all([
    db.selectFrom('school').select(['code', 'name']).where('id', '=', schoolId).executeTakeFirstOrThrow(),
    db.selectFrom('project').selectAll().where('school_id', '=', schoolId).where('id', '=', itemsId).executeTakeFirstOrThrow()
  ])
