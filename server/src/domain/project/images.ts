/**
 * Images of the project editor: POST /uploads stores a JPEG, PNG or WebP (by its bytes, never the claimed type) of at
 * most 5 MB with the same FileStorage as donor uploads, records it in uploaded_file (kind 'staff-image', no donor)
 * and writes the audit row in the same transaction. A project may then point only at images of its own school
 * (uploaded here, or the demo seed pictures every school shares), at what it already shows, or at an https URL.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { Lang } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import type { FileStorage } from '../../providers/storage/types'
import { MIME, sniffBinary } from '../upload/sniff'
import { recordAudit } from '../staff/audit'
import { LIMITS, refuse } from './fields'

export const STAFF_IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const STAFF_IMAGE_KIND = 'staff-image'

type ImageType = 'png' | 'jpg' | 'webp'
const MIME_OF: Record<ImageType, string> = { png: MIME.png, jpg: MIME.jpg, webp: 'image/webp' }

/** RIFF....WEBP with a VP8, VP8L or VP8X chunk: the only container WebP has. */
const isWebp = (b: Buffer) =>
  b.length >= 16 &&
  b.subarray(0, 4).toString('latin1') === 'RIFF' &&
  b.subarray(8, 12).toString('latin1') === 'WEBP' &&
  /^VP8[ LX]$/.test(b.subarray(12, 16).toString('latin1'))

export function sniffStaffImage(buf: Buffer): ImageType | null {
  const t = sniffBinary(buf)
  if (t === 'png' || t === 'jpg') return t
  return isWebp(buf) ? 'webp' : null
}

export async function saveStaffImage(
  db: Kysely<DB>,
  storage: FileStorage,
  u: { schoolId: number; schoolCode: string; staffId: number; data: Buffer; minFreeBytes: number; now: Date }
): Promise<string> {
  const type = sniffStaffImage(u.data)
  if (!type) throw bizError('spUploadType')
  const free = await storage.freeBytes()
  if (free !== null && free < u.minFreeBytes + u.data.length) throw bizError('spUploadDiskLow')
  const key = `staff/${u.schoolCode}/${randomBytes(16).toString('base64url')}.${type}`
  const url = await storage.put(key, u.data)
  try {
    await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('uploaded_file')
        .values({
          school_id: u.schoolId,
          user_id: null,
          url,
          kind: STAFF_IMAGE_KIND,
          mime: MIME_OF[type],
          size_bytes: u.data.length,
          created_at: u.now.toISOString()
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await recordAudit(trx, {
        schoolId: u.schoolId,
        staffId: u.staffId,
        action: 'upload.create',
        entity: 'upload',
        entityId: id,
        before: null,
        after: { url, mime: MIME_OF[type], sizeBytes: u.data.length }
      })
    })
  } catch (err) {
    await storage.remove(key)
    throw err
  }
  return url
}

const HTTPS_URL = /^https:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[^\s"'<>\\]*)?$/

/**
 * Refuses an image URL the school may not use: `known` are the URLs the project already shows (seeded or earlier
 * rows stay editable); seed pictures live under the storage's `seed/`.
 */
export async function checkImageUrls(
  db: Kysely<DB> | Transaction<DB>,
  storage: FileStorage,
  lang: Lang,
  schoolId: number,
  field: string,
  urls: string[],
  known: ReadonlySet<string>
): Promise<void> {
  const seedPrefix = storage.urlOf('seed/')
  const unknown: string[] = []
  for (const url of urls) {
    if ([...url].length > LIMITS.imageUrl) throw refuse(lang, 'spImageUrl', field)
    if (known.has(url) || HTTPS_URL.test(url)) continue
    if (url.startsWith(seedPrefix) && /^[A-Za-z0-9_./-]+$/.test(url) && !url.includes('..')) continue
    unknown.push(url)
  }
  if (!unknown.length) return
  const found = await db
    .selectFrom('uploaded_file')
    .select('url')
    .where('school_id', '=', schoolId)
    .where('kind', '=', STAFF_IMAGE_KIND)
    .where('url', 'in', [...new Set(unknown)])
    .execute()
  const ok = new Set(found.map((r) => r.url))
  if (unknown.some((u) => !ok.has(u))) throw refuse(lang, 'spImageUrl', field)
}
