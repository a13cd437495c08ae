/**
 * Progress entries (text and up to nine pictures from POST /uploads) and use-of-funds publicity of a project, as the
 * donor's detail tabs list them (domain/project/activity.ts reads the same rows). Add and delete, each in one
 * transaction with its audit row.
 */
import type { Kysely } from 'kysely'
import type { ProgressEntry, UsePublicity } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { toWireDate } from '../../lib/dates'
import { fenToYuan } from '../../lib/money'
import type { FileStorage } from '../../providers/storage/types'
import { instructionList, progressList } from './activity'
import { recordAudit } from '../staff/audit'
import { checkImageUrls } from './images'
import { amountOf, dayOf, dayToInstant, LIMITS, MAX_TARGET_FEN, refuse, textOf } from './fields'
import { requireStaffProject, type StaffActor } from './editor'

type PageQ = { limit?: number | null; offset?: number | null }

export const listProgress = (db: Kysely<DB>, schoolId: number, itemsId: number, q: PageQ) => progressList(db, schoolId, { itemsId, ...q })
export const listPublicity = (db: Kysely<DB>, schoolId: number, itemsId: number, q: PageQ) =>
  instructionList(db, schoolId, { itemsId, ...q })

export async function addProgress(
  db: Kysely<DB>,
  storage: FileStorage,
  a: StaffActor,
  itemsId: number,
  input: { progressDate: string; content: string; attachments?: string[] }
): Promise<ProgressEntry> {
  const day = dayOf(a.lang, 'progressDate', input.progressDate)
  if (!day) throw refuse(a.lang, 'spRequired', 'progressDate')
  const content = textOf(a.lang, 'progressContent', input.content, LIMITS.progressContent, true)
  const files = (input.attachments ?? []).map((u) => u.trim()).filter(Boolean)
  if (files.length > LIMITS.progressAttachments) throw refuse(a.lang, 'spTooMany', 'attachments', { max: LIMITS.progressAttachments })
  const id = await db.transaction().execute(async (trx) => {
    await requireStaffProject(trx, a.schoolId, itemsId)
    await checkImageUrls(trx, storage, a.lang, a.schoolId, 'attachments', files, new Set())
    const { id } = await trx
      .insertInto('progress')
      .values({ school_id: a.schoolId, items_id: itemsId, progress_date: dayToInstant(day), content })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (files.length)
      await trx
        .insertInto('progress_attachment')
        .values(files.map((file_url, sort_no) => ({ school_id: a.schoolId, progress_id: id, file_url, sort_no })))
        .execute()
    await recordAudit(trx, {
      schoolId: a.schoolId,
      staffId: a.staffId,
      action: 'project.progress.create',
      entity: 'progress',
      entityId: id,
      before: null,
      after: { itemsId, progressDate: day, content, attachments: files }
    })
    return id
  })
  return { id, progressDate: toWireDate(dayToInstant(day)), content, attachmentList: files.map((fileUrl) => ({ fileUrl })) }
}

export async function deleteProgress(db: Kysely<DB>, a: StaffActor, itemsId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireStaffProject(trx, a.schoolId, itemsId)
    const row = await trx
      .selectFrom('progress')
      .select(['id', 'progress_date', 'content'])
      .where('school_id', '=', a.schoolId)
      .where('items_id', '=', itemsId)
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) throw bizError('staffRecordNotFound')
    const files = await trx
      .selectFrom('progress_attachment')
      .select('file_url')
      .where('school_id', '=', a.schoolId)
      .where('progress_id', '=', id)
      .orderBy('sort_no')
      .execute()
    await trx.deleteFrom('progress_attachment').where('school_id', '=', a.schoolId).where('progress_id', '=', id).execute()
    await trx.deleteFrom('progress').where('school_id', '=', a.schoolId).where('id', '=', id).execute()
    await recordAudit(trx, {
      schoolId: a.schoolId,
      staffId: a.staffId,
      action: 'project.progress.delete',
      entity: 'progress',
      entityId: id,
      before: { itemsId, progressDate: row.progress_date, content: row.content, attachments: files.map((f) => f.file_url) },
      after: null
    })
  })
}

export async function addPublicity(
  db: Kysely<DB>,
  a: StaffActor,
  itemsId: number,
  input: { useDate: string; useTitle: string; useMoney: string }
): Promise<UsePublicity> {
  const day = dayOf(a.lang, 'useDate', input.useDate)
  if (!day) throw refuse(a.lang, 'spRequired', 'useDate')
  const title = textOf(a.lang, 'useTitle', input.useTitle, LIMITS.publicityTitle, true)
  const fen = amountOf(a.lang, 'useMoney', input.useMoney, { allowZero: true, maxFen: MAX_TARGET_FEN })
  const id = await db.transaction().execute(async (trx) => {
    await requireStaffProject(trx, a.schoolId, itemsId)
    const { id } = await trx
      .insertInto('use_publicity')
      .values({ school_id: a.schoolId, items_id: itemsId, use_date: dayToInstant(day), use_title: title, use_fen: fen })
      .returning('id')
      .executeTakeFirstOrThrow()
    await recordAudit(trx, {
      schoolId: a.schoolId,
      staffId: a.staffId,
      action: 'project.publicity.create',
      entity: 'publicity',
      entityId: id,
      before: null,
      after: { itemsId, useDate: day, useTitle: title, useFen: fen }
    })
    return id
  })
  return { id, useDate: toWireDate(dayToInstant(day)), useTitle: title, useMoney: fenToYuan(fen) }
}

export async function deletePublicity(db: Kysely<DB>, a: StaffActor, itemsId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireStaffProject(trx, a.schoolId, itemsId)
    const row = await trx
      .selectFrom('use_publicity')
      .select(['use_date', 'use_title', 'use_fen'])
      .where('school_id', '=', a.schoolId)
      .where('items_id', '=', itemsId)
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) throw bizError('staffRecordNotFound')
    await trx.deleteFrom('use_publicity').where('school_id', '=', a.schoolId).where('id', '=', id).execute()
    await recordAudit(trx, {
      schoolId: a.schoolId,
      staffId: a.staffId,
      action: 'project.publicity.delete',
      entity: 'publicity',
      entityId: id,
      before: { itemsId, useDate: row.use_date, useTitle: row.use_title, useFen: row.use_fen },
      after: null
    })
  })
}
