/** Form configs, certified alumni, sub-project prices. School id first in every function. */
import type { Kysely, Transaction } from 'kysely'
import { prepared } from '../../db/prepared'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

export const getForm = (db: Db, schoolId: number, id: number) =>
  db.selectFrom('donation_form').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst()

/** The school's default form: the one flagged default, else the oldest. */
export const getDefaultForm = (db: Db, schoolId: number) =>
  db
    .selectFrom('donation_form')
    .selectAll()
    .where('school_id', '=', schoolId)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst()

export async function isCertifiedAlumnus(db: Db, schoolId: number, openId: string): Promise<boolean> {
  const r = await db
    .selectFrom('certified_alumnus')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('open_id', '=', openId)
    .executeTakeFirst()
  return !!r
}

/** The donor's most recent submission (prefills the next form). */
export const lastSubmission = (db: Db, schoolId: number, userId: number) =>
  db
    .selectFrom('donation as d')
    .innerJoin('donation_submission as s', 's.donation_id', 'd.id')
    .select(['s.certificate_donor_name', 's.form_data'])
    .where('d.school_id', '=', schoolId)
    .where('s.school_id', '=', schoolId)
    .where('d.user_id', '=', userId)
    .orderBy('d.id', 'desc')
    .limit(1)
    .executeTakeFirst()

/** every order prices its sub-project: compiled once (db/prepared.ts) */
const subProjectPrices = prepared((db, $) =>
  db
    .selectFrom('sub_project')
    .select(['id', 'name', 'fix_money', 'texts'])
    .where('school_id', '=', $(0))
    .where('items_id', '=', $(1))
    .orderBy('sort_no')
    .orderBy('id')
)
export const subProjectsWithPrices = (db: Db, schoolId: number, itemsId: number) => subProjectPrices.all(db, [schoolId, itemsId])

/** the project with its sub-projects' prices, one row per sub-project (one row with nulls when it has none) */
const projectAndSubs = prepared((db, $) =>
  db
    .selectFrom('project')
    .leftJoin('sub_project', (j) =>
      j.onRef('sub_project.items_id', '=', 'project.id').onRef('sub_project.school_id', '=', 'project.school_id')
    )
    .selectAll('project')
    .select([
      'sub_project.id as sub_id',
      'sub_project.name as sub_name',
      'sub_project.fix_money as sub_fix_money',
      'sub_project.texts as sub_texts'
    ])
    .where('project.school_id', '=', $(0))
    .where('project.id', '=', $(1))
    .orderBy('sub_project.sort_no')
    .orderBy('sub_project.id')
)

/**
 * A project row (as `select * from project`) and its sub-projects' prices (as subProjectsWithPrices) in one statement:
 * every donation needs both (docs/decisions/087-postgresql-peak-statements.md). undefined when there is no such project.
 */
export async function projectWithSubPrices(db: Db, schoolId: number, itemsId: number) {
  const rows = await projectAndSubs.all(db, [schoolId, itemsId])
  if (!rows.length) return undefined
  const { sub_id: _id, sub_name: _name, sub_fix_money: _fix, sub_texts: _texts, ...project } = rows[0]
  const subs = rows
    .filter((r) => r.sub_id !== null && r.sub_id !== undefined)
    .map((r) => ({ id: r.sub_id!, name: r.sub_name!, fix_money: r.sub_fix_money!, texts: r.sub_texts! }))
  return { project, subs }
}
