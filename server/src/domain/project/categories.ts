/**
 * Categories (project_type) and labels of the staff project editor: listed with how many projects use
 * each, created with a name unique in the school (English category names in `texts`, domain/form/texts.ts), each
 * creation audited in its transaction.
 */
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { parseTexts } from '../form/texts'
import { recordAudit } from '../staff/audit'
import { LIMITS, refuse, textOf } from './fields'
import type { StaffActor as Actor } from './editor'
import type { StaffCategory, StaffLabel } from '../../../../types/schema/staff-projects'

export type { StaffCategory, StaffLabel }

const actorOf = (a: Actor) => ({ schoolId: a.schoolId, staffId: a.staffId })

export async function listCategories(db: Kysely<DB>, schoolId: number): Promise<StaffCategory[]> {
  const [rows, counts] = await Promise.all([
    db
      .selectFrom('project_type')
      .select(['id', 'name', 'texts', 'sort_no'])
      .where('school_id', '=', schoolId)
      .orderBy('sort_no')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('project')
      .select((eb) => ['type_id', eb.fn.countAll<number>().as('n')])
      .where('school_id', '=', schoolId)
      .where('type_id', 'is not', null)
      .groupBy('type_id')
      .execute()
  ])
  const n = new Map(counts.map((c) => [Number(c.type_id), Number(c.n)]))
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    nameEn: parseTexts(r.texts).en?.name ?? '',
    sortNo: r.sort_no,
    projectCount: n.get(r.id) ?? 0
  }))
}

export async function listLabels(db: Kysely<DB>, schoolId: number): Promise<StaffLabel[]> {
  const [rows, counts] = await Promise.all([
    db
      .selectFrom('project_label')
      .select(['id', 'label_title', 'sort_no'])
      .where('school_id', '=', schoolId)
      .orderBy('sort_no')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('project_label_link')
      .select((eb) => ['label_id', eb.fn.countAll<number>().as('n')])
      .where('school_id', '=', schoolId)
      .groupBy('label_id')
      .execute()
  ])
  const n = new Map(counts.map((c) => [Number(c.label_id), Number(c.n)]))
  return rows.map((r) => ({ id: r.id, labelTitle: r.label_title, sortNo: r.sort_no, projectCount: n.get(r.id) ?? 0 }))
}

async function nextSort(trx: Transaction<DB>, table: 'project_type' | 'project_label', schoolId: number) {
  const { m } = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max<number>('sort_no').as('m'))
    .where('school_id', '=', schoolId)
    .executeTakeFirstOrThrow()
  return m === null || m === undefined ? 0 : Number(m) + 1
}

export async function createCategory(
  db: Kysely<DB>,
  a: Actor,
  input: { name: string; nameEn?: string; sortNo?: number | null }
): Promise<StaffCategory> {
  const name = textOf(a.lang, 'categoryName', input.name, LIMITS.categoryName, true)
  const nameEn = textOf(a.lang, 'categoryName', input.nameEn, LIMITS.categoryName)
  const id = await db.transaction().execute(async (trx) => {
    const dup = await trx
      .selectFrom('project_type')
      .select('id')
      .where('school_id', '=', a.schoolId)
      .where('name', '=', name)
      .executeTakeFirst()
    if (dup) throw refuse(a.lang, 'spDuplicate', 'categoryName', { value: name })
    const sort_no = input.sortNo ?? (await nextSort(trx, 'project_type', a.schoolId))
    const texts = JSON.stringify(nameEn ? { en: { name: nameEn } } : {})
    const { id } = await trx
      .insertInto('project_type')
      .values({ school_id: a.schoolId, name, sort_no, texts })
      .returning('id')
      .executeTakeFirstOrThrow()
    await recordAudit(trx, {
      ...actorOf(a),
      action: 'category.create',
      entity: 'category',
      entityId: id,
      before: null,
      after: { name, nameEn, sortNo: sort_no }
    })
    return id
  })
  return (await listCategories(db, a.schoolId)).find((c) => c.id === id)!
}

export async function createLabel(db: Kysely<DB>, a: Actor, input: { labelTitle: string; sortNo?: number | null }): Promise<StaffLabel> {
  const title = textOf(a.lang, 'labelTitle', input.labelTitle, LIMITS.labelTitle, true)
  const id = await db.transaction().execute(async (trx) => {
    const dup = await trx
      .selectFrom('project_label')
      .select('id')
      .where('school_id', '=', a.schoolId)
      .where('label_title', '=', title)
      .executeTakeFirst()
    if (dup) throw refuse(a.lang, 'spDuplicate', 'labelTitle', { value: title })
    const sort_no = input.sortNo ?? (await nextSort(trx, 'project_label', a.schoolId))
    const { id } = await trx
      .insertInto('project_label')
      .values({ school_id: a.schoolId, label_title: title, sort_no })
      .returning('id')
      .executeTakeFirstOrThrow()
    await recordAudit(trx, {
      ...actorOf(a),
      action: 'label.create',
      entity: 'label',
      entityId: id,
      before: null,
      after: { labelTitle: title, sortNo: sort_no }
    })
    return id
  })
  return (await listLabels(db, a.schoolId)).find((l) => l.id === id)!
}
