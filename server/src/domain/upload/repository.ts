/** Issued upload URLs and their owners (uploaded_file, migration 010). */
import type { Insertable, Kysely, Transaction } from 'kysely'
import type { DB, UploadedFileTable } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

export async function insertUploadedFile(db: Db, row: Insertable<UploadedFileTable>): Promise<void> {
  await db.insertInto('uploaded_file').values(row).execute()
}

export async function deleteUploadedFile(db: Db, url: string): Promise<void> {
  await db.deleteFrom('uploaded_file').where('url', '=', url).execute()
}
