/**
 * Donor uploads (docs/product §7 S/api/v1/file/upload; §2 avatar editor). The type comes from the content (sniff.ts): PNG,
 * JPEG or GIF; SVG is refused. The size limit is enforced while reading (routes/upload), the rate, free disk and
 * quota by policy.ts, so nothing reaches storage unless it is complete, at most 5 MB, a raster image and within the
 * donor's quota. Each issued URL is recorded with its owner: updateUser accepts as avatar only a URL issued to the
 * caller.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import type { FileStorage } from '../../providers/storage/types'
import { bytesHeld, quotaFull, type UploadPolicy } from './policy'
import * as repo from './repository'
import { MIME, sniffImage } from './sniff'

export async function saveUpload(
  db: Kysely<DB>,
  storage: FileStorage,
  policy: UploadPolicy,
  u: { schoolId: number; schoolCode: string; userId: number; data: Buffer; now: Date }
): Promise<string> {
  const type = sniffImage(u.data)
  if (type === 'svg') throw bizError('uploadSvg')
  if (!type) throw bizError('uploadType')
  if ((await bytesHeld(db, u.schoolId, u.userId)) + u.data.length > policy.quotaBytes) throw quotaFull(policy)
  const key = `uploads/${u.schoolCode}/${randomBytes(16).toString('base64url')}.${type}`
  const url = await storage.put(key, u.data)
  const undo = async () => {
    await repo.deleteUploadedFile(db, url)
    await storage.remove(key)
  }
  try {
    await repo.insertUploadedFile(db, {
      school_id: u.schoolId,
      user_id: u.userId,
      url,
      kind: 'avatar',
      mime: MIME[type],
      size_bytes: u.data.length,
      created_at: u.now.toISOString()
    })
  } catch (err) {
    await storage.remove(key)
    throw err
  }
  // Concurrent uploads each passed the check above before the others were recorded: counted again now that this
  // one is, the quota holds (at worst both are refused, never both kept).
  if ((await bytesHeld(db, u.schoolId, u.userId)) > policy.quotaBytes) {
    await undo()
    throw quotaFull(policy)
  }
  return url
}
