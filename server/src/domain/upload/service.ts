/**
 * Donor uploads (SPEC §7 S/api/v1/file/upload; §2 avatar editor: gif, jpeg, jpg, png, svg). The type comes from
 * the content (sniff.ts); the size limit is enforced while reading (routes/upload), so nothing reaches storage
 * unless it is complete, at most 5 MB and a safe image. Each issued URL is recorded with its owner: updateUser
 * accepts as avatar only a URL issued to the caller.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/types'
import { bizError } from '../../errors'
import type { FileStorage } from '../../providers/storage/types'
import { MIME, sniffImage } from './sniff'
import '../identity/tables'

export async function saveUpload(db: Kysely<DB>, storage: FileStorage,
  u: { schoolId: number; schoolCode: string; userId: number; data: Buffer; now: Date }): Promise<string> {
  const type = sniffImage(u.data)
  if (type === 'unsafe-svg') throw bizError('uploadSvgUnsafe')
  if (!type || type === 'pdf') throw bizError('uploadType')
  const key = `uploads/${u.schoolCode}/${randomBytes(16).toString('base64url')}.${type}`
  const url = await storage.put(key, u.data)
  try {
    await db.insertInto('uploaded_file').values({
      school_id: u.schoolId, user_id: u.userId, url, kind: 'avatar', mime: MIME[type], size_bytes: u.data.length, created_at: u.now.toISOString()
    }).execute()
  } catch (err) {
    await storage.remove(key)
    throw err
  }
  return url
}
