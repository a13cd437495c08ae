/**
 * The staff console's project editor: list, detail, create, update and status of a school's projects,
 * their categories and labels, and the donor's view of one (preview). Projects are the rows the donor API reads
 * (domain/project), so what is saved here is what itemsList, itemsDetail and donate see at once. Every change runs
 * in one transaction with its audit row (recordAudit); every query is filtered by the school.
 */
import type { Kysely, Selectable, Transaction } from 'kysely'
import { PAGE_SIZE, type Lang, type Project } from '../../../../types'
import type { DB, ProjectTable } from '../../db/schema'
import { bizError } from '../../errors'
import { toWireDate } from '../../lib/dates'
import { fenToYuan, readFen } from '../../lib/money'
import { pageWindow } from '../../lib/sql'
import type { FileStorage } from '../../providers/storage/types'
import { parseTexts } from '../form/texts'
import type { Stats } from './mapper'
import * as projectRepo from './repository'
import { projectDetail } from './service'
import { recordAudit } from '../staff/audit'
import { invalidateSchoolCache } from '../school/cache'
import { checkImageUrls } from './images'
import { applyProjectInput, emptyDraft, englishOf, parseFixList, textsJson, type Draft, type FixAmount, type ProjectInput } from './draft'
import { refuse, textOf, LIMITS } from './fields'
import {
  PROJECT_STATUSES,
  type ProjectStatus,
  type StaffFixAmount,
  type StaffProject,
  type StaffProjectRow,
  type StaffSubItem
} from '../../../../types/schema/staff-projects'

type Db = Kysely<DB> | Transaction<DB>
type Row = Selectable<ProjectTable>

export { PROJECT_STATUSES, type ProjectStatus, type StaffFixAmount, type StaffProject, type StaffProjectRow, type StaffSubItem }

/** Status over the donor API's two flags: complete (isComplete 1), open (isDonate 1) or paused (isDonate 0, noReason). */
export const statusOf = (p: Pick<Row, 'is_complete' | 'is_donate'>): ProjectStatus =>
  p.is_complete ? 'complete' : p.is_donate ? 'open' : 'paused'
export const statusFlags = (s: ProjectStatus) => ({ is_complete: s === 'complete' ? 1 : 0, is_donate: s === 'open' ? 1 : 0 })

const fixOut = (f: FixAmount): StaffFixAmount => ({ title: f.title, titleEn: f.titleEn, money: fenToYuan(f.fen), moneyFen: f.fen })

function rowOut(p: Row, typeName: string, stats: Stats | undefined): StaffProjectRow {
  const raisedFen = readFen(readFen(p.offline_fen, 'project offline_fen') + (stats?.fen ?? 0), 'project total')
  return {
    id: p.id,
    name: p.name,
    thumbnailImg: p.thumbnail_img,
    typeId: p.type_id ?? null,
    typeName,
    itemsType: p.items_type,
    crowdType: p.crowd_type,
    namingType: p.naming_type ?? null,
    status: statusOf(p),
    isLimit: p.is_limit,
    target: fenToYuan(p.limit_fen),
    targetFen: p.limit_fen,
    raised: fenToYuan(raisedFen),
    raisedFen,
    payCounts: stats?.count ?? 0,
    startDate: p.start_date,
    endDate: p.end_date,
    formId: p.form_id ?? null,
    sortNo: p.sort_no,
    createdAt: toWireDate(p.created_at)
  }
}

// ---------------------------------------------------------------- reads

export async function requireStaffProject(db: Db, schoolId: number, id: number): Promise<Row> {
  const p = await projectRepo.getProject(db, schoolId, id)
  if (!p) throw bizError('projectNotFound')
  return p
}

async function typeNames(db: Db, schoolId: number): Promise<Map<number, string>> {
  const rows = await projectRepo.typeNameRows(db, schoolId)
  return new Map(rows.map((r) => [r.id, r.name]))
}

export async function listStaffProjects(
  db: Kysely<DB>,
  schoolId: number,
  q: { keyword?: string; status?: ProjectStatus; typeId?: number | null; limit?: number | null; offset?: number | null }
): Promise<{ total: number; rows: StaffProjectRow[] }> {
  const { limit, offset } = pageWindow(q, 20, PAGE_SIZE.MAX)
  const { total, rows } = await projectRepo.pageStaffProjects(db, schoolId, q, limit, offset)
  const [stats, names] = await Promise.all([
    projectRepo.paidStatsByProject(
      db,
      schoolId,
      rows.map((r) => r.id)
    ),
    typeNames(db, schoolId)
  ])
  return { total, rows: rows.map((r) => rowOut(r, r.type_id ? (names.get(r.type_id) ?? '') : '', stats.get(r.id))) }
}

/** The editable state of a stored project (what an update starts from). */
async function draftOf(db: Db, schoolId: number, p: Row): Promise<Draft> {
  const [covers, labels, subs] = await Promise.all([
    projectRepo.listCovers(db, schoolId, p.id),
    projectRepo.labelIdsByProject(db, schoolId, [p.id]),
    projectRepo.editableSubProjects(db, schoolId, p.id)
  ])
  return {
    name: p.name,
    en: englishOf(p.texts),
    intro: p.intro,
    content: p.content,
    thumbnail_img: p.thumbnail_img,
    cover_img: p.cover_img,
    covers: covers.map((c) => c.file_url),
    type_id: p.type_id ?? null,
    labelIds: labels.get(p.id) ?? [],
    items_type: p.items_type,
    crowd_type: p.crowd_type,
    is_limit: p.is_limit ? 1 : 0,
    limit_fen: p.limit_fen,
    limit_material_number: p.limit_material_number,
    start_date: p.start_date,
    end_date: p.end_date,
    subItems: subs.map((s) => ({
      id: s.id,
      name: s.name,
      nameEn: parseTexts(s.texts).en?.name ?? '',
      fix: parseFixList(s.fix_money)
    })),
    fix: parseFixList(p.fix_money),
    is_fix_money: p.is_fix_money ? 1 : 0,
    is_hand_money: p.is_hand_money ? 1 : 0,
    material_name: p.material_name,
    material_unit: p.material_unit,
    material_price_fen: p.material_price_fen,
    status: statusOf(p),
    no_reason: p.no_reason,
    naming_type: p.naming_type ?? null,
    naming_count_all: p.naming_count_all,
    is_donate_together: p.is_donate_together ? 1 : 0,
    is_record: p.is_record ? 1 : 0,
    is_progress: p.is_progress ? 1 : 0,
    is_leave_message: p.is_leave_message ? 1 : 0,
    is_instruction: p.is_instruction ? 1 : 0,
    is_audit_message: p.is_audit_message ? 1 : 0,
    is_sub_rank: p.is_sub_rank ? 1 : 0,
    alumni_only: p.alumni_only ? 1 : 0,
    monthly_giving: p.monthly_giving ? 1 : 0,
    sort_no: p.sort_no
  }
}

function detailOut(p: Row, d: Draft, typeName: string, stats: Stats | undefined): StaffProject {
  return {
    ...rowOut(p, typeName, stats),
    nameEn: d.en.name,
    introEn: d.en.intro,
    contentEn: d.en.content,
    materialNameEn: d.en.material_name,
    materialUnitEn: d.en.material_unit,
    noReasonEn: d.en.no_reason,
    intro: d.intro,
    content: d.content,
    coverImg: d.cover_img,
    covers: d.covers,
    labelIds: d.labelIds,
    limitMaterialNumber: d.limit_material_number,
    subItems: d.subItems.map((s) => ({ id: s.id ?? 0, name: s.name, nameEn: s.nameEn, fixMoney: s.fix.map(fixOut) })),
    fixMoney: d.fix.map(fixOut),
    isFixMoney: d.is_fix_money,
    isHandMoney: d.is_hand_money,
    materialName: d.material_name,
    materialUnit: d.material_unit,
    materialPrice: fenToYuan(d.material_price_fen),
    materialPriceFen: d.material_price_fen,
    noReason: d.no_reason,
    namingCountAll: d.naming_count_all,
    isDonateTogether: d.is_donate_together,
    isRecord: d.is_record,
    isProgress: d.is_progress,
    isLeaveMessage: d.is_leave_message,
    isInstruction: d.is_instruction,
    isAuditMessage: d.is_audit_message,
    isSubRank: d.is_sub_rank,
    alumniOnly: d.alumni_only,
    monthlyGiving: d.monthly_giving
  }
}

async function staffProjectIn(db: Db, schoolId: number, id: number): Promise<StaffProject> {
  const p = await requireStaffProject(db, schoolId, id)
  const [d, stats, names] = await Promise.all([
    draftOf(db, schoolId, p),
    projectRepo.paidStatsByProject(db, schoolId, [id]),
    typeNames(db, schoolId)
  ])
  return detailOut(p, d, p.type_id ? (names.get(p.type_id) ?? '') : '', stats.get(id))
}

export const staffProject = (db: Kysely<DB>, schoolId: number, id: number) => staffProjectIn(db, schoolId, id)

/** What the donor sees, in the caller's language: the donor API's own itemsDetail answer (domain/project/service.ts). */
export const previewProject = (db: Kysely<DB>, schoolId: number, id: number, lang: Lang): Promise<Project> =>
  projectDetail(db, schoolId, id, lang)

// ---------------------------------------------------------------- writes

interface Actor {
  schoolId: number
  staffId: number
  lang: Lang
}

/** Categories and labels named in the draft belong to the school; images are the school's own (images.ts). */
async function checkRefs(trx: Transaction<DB>, storage: FileStorage, a: Actor, d: Draft, known: ReadonlySet<string>) {
  if (d.type_id !== null) {
    if (!(await projectRepo.hasProjectType(trx, a.schoolId, d.type_id))) throw refuse(a.lang, 'spUnknownRef', 'typeId')
  }
  if (d.labelIds.length) {
    if ((await projectRepo.countSchoolLabels(trx, a.schoolId, d.labelIds)) !== d.labelIds.length)
      throw refuse(a.lang, 'spUnknownRef', 'labelIds')
  }
  const check = (field: string, urls: string[]) => checkImageUrls(trx, storage, a.lang, a.schoolId, field, urls, known)
  await check('thumbnailImg', d.thumbnail_img ? [d.thumbnail_img] : [])
  await check('coverImg', d.cover_img ? [d.cover_img] : [])
  await check('covers', d.covers)
}

const fixJson = (list: FixAmount[]) =>
  JSON.stringify(list.map((f) => ({ title: f.title, fen: f.fen, ...(f.titleEn ? { texts: { en: { title: f.titleEn } } } : {}) })))

function columns(d: Draft) {
  return {
    type_id: d.type_id,
    name: d.name,
    texts: textsJson(d.en),
    intro: d.intro,
    content: d.content,
    thumbnail_img: d.thumbnail_img,
    // the detail page's first picture: the first cover when none is set apart
    cover_img: d.cover_img || d.covers[0] || '',
    items_type: d.items_type,
    crowd_type: d.crowd_type,
    is_limit: d.is_limit,
    limit_fen: d.limit_fen,
    limit_material_number: d.limit_material_number,
    material_name: d.material_name,
    material_unit: d.material_unit,
    material_price_fen: d.material_price_fen,
    naming_type: d.naming_type,
    naming_count_all: d.naming_count_all,
    ...statusFlags(d.status),
    no_reason: d.no_reason,
    is_donate_together: d.is_donate_together,
    is_record: d.is_record,
    is_progress: d.is_progress,
    is_leave_message: d.is_leave_message,
    is_instruction: d.is_instruction,
    is_audit_message: d.is_audit_message,
    is_sub_rank: d.is_sub_rank,
    fix_money: fixJson(d.fix),
    is_fix_money: d.is_fix_money,
    is_hand_money: d.is_hand_money,
    sort_no: d.sort_no,
    alumni_only: d.alumni_only,
    monthly_giving: d.monthly_giving,
    start_date: d.start_date,
    end_date: d.end_date
  }
}

/** Covers, labels and sub-items of the draft replace the stored ones; a sub-item with gifts cannot be removed. */
async function writeChildren(trx: Transaction<DB>, schoolId: number, itemsId: number, d: Draft, lang: Lang) {
  await projectRepo.replaceCovers(trx, schoolId, itemsId, d.covers)
  await projectRepo.replaceLabelLinks(trx, schoolId, itemsId, d.labelIds)

  const stored = await projectRepo.editableSubProjects(trx, schoolId, itemsId)
  const kept = new Set(d.subItems.map((s) => s.id).filter((id): id is number => id !== null))
  for (const s of stored) {
    if (kept.has(s.id)) continue
    if (await projectRepo.subProjectHasGifts(trx, schoolId, s.id)) throw bizError('spSubItemInUse', { name: s.name })
    await projectRepo.deleteSubProject(trx, schoolId, s.id)
  }
  for (const [sort_no, s] of d.subItems.entries()) {
    const texts = JSON.stringify(s.nameEn ? { en: { name: s.nameEn } } : {})
    const values = { name: s.name, fix_money: fixJson(s.fix), sort_no, texts }
    if (s.id !== null) {
      if (!stored.some((x) => x.id === s.id)) throw refuse(lang, 'spUnknownRef', 'subItems')
      await projectRepo.updateSubProject(trx, schoolId, s.id, values)
    } else {
      s.id = await projectRepo.insertSubProject(trx, { school_id: schoolId, items_id: itemsId, offline_fen: 0, ...values })
    }
  }
}

/** The audit's picture of a project: its editable fields, without totals that move by themselves. */
const auditView = (d: Draft) => ({ ...d, en: { ...d.en }, subItems: d.subItems.map((s) => ({ ...s })) })

export async function createProject(db: Kysely<DB>, storage: FileStorage, a: Actor, input: ProjectInput, now: Date): Promise<StaffProject> {
  const draft = applyProjectInput(emptyDraft(), input, a.lang, true)
  const id = await db.transaction().execute(async (trx) => {
    await checkRefs(trx, storage, a, draft, new Set())
    if (input.sortNo === undefined || input.sortNo === null) {
      // a new project is listed first (the donor list orders by sort_no, then id)
      const m = await projectRepo.minProjectSortNo(trx, a.schoolId)
      draft.sort_no = m === null ? 0 : m - 1
    }
    const id = await projectRepo.insertProject(trx, {
      school_id: a.schoolId,
      ...columns(draft),
      offline_fen: 0,
      offline_material_number: 0,
      form_id: null,
      created_at: now.toISOString()
    })
    await writeChildren(trx, a.schoolId, id, draft, a.lang)
    await recordAudit(trx, {
      ...actorOf(a),
      action: 'project.create',
      entity: 'project',
      entityId: id,
      before: null,
      after: auditView(draft)
    })
    return id
  })
  // an order of the project reads it from the per-process cache (school/cache.ts schoolProject)
  invalidateSchoolCache()
  return staffProjectIn(db, a.schoolId, id)
}

const actorOf = (a: Actor) => ({ schoolId: a.schoolId, staffId: a.staffId })

/** Only the keys present in `input` change; the whole result is checked again (end after start, fixed amounts...). */
export async function updateProject(
  db: Kysely<DB>,
  storage: FileStorage,
  a: Actor,
  id: number,
  input: ProjectInput
): Promise<StaffProject> {
  await db.transaction().execute(async (trx) => {
    const row = await requireStaffProject(trx, a.schoolId, id)
    const before = await draftOf(trx, a.schoolId, row)
    const draft = applyProjectInput(structuredClone(before), input, a.lang, false)
    const known = new Set([before.thumbnail_img, before.cover_img, ...before.covers].filter(Boolean))
    await checkRefs(trx, storage, a, draft, known)
    await projectRepo.updateProjectRow(trx, a.schoolId, id, columns(draft))
    await writeChildren(trx, a.schoolId, id, draft, a.lang)
    await recordAudit(trx, {
      ...actorOf(a),
      action: 'project.update',
      entity: 'project',
      entityId: id,
      before: auditView(before),
      after: auditView(draft)
    })
  })
  invalidateSchoolCache()
  return staffProjectIn(db, a.schoolId, id)
}

export async function setProjectStatus(
  db: Kysely<DB>,
  a: Actor,
  id: number,
  status: ProjectStatus,
  noReason: string | undefined
): Promise<StaffProject> {
  const reason = noReason === undefined ? undefined : textOf(a.lang, 'noReason', noReason, LIMITS.noReason)
  await db.transaction().execute(async (trx) => {
    const row = await requireStaffProject(trx, a.schoolId, id)
    const before = { status: statusOf(row), noReason: row.no_reason }
    const after = { status, noReason: reason ?? (status === 'open' ? '' : row.no_reason) }
    await projectRepo.updateProjectRow(trx, a.schoolId, id, { ...statusFlags(status), no_reason: after.noReason })
    await recordAudit(trx, { ...actorOf(a), action: 'project.status', entity: 'project', entityId: id, before, after })
  })
  invalidateSchoolCache()
  return staffProjectIn(db, a.schoolId, id)
}

export type { Actor as StaffActor }
