/**
 * formDetail, checkPermission and itemsSubPrice (docs/product §7 Projects). The form a project uses: its own form_id,
 * else the school's default form, else the built-in form (mapper.ts), so a new school takes gifts at once.
 */
import type { Kysely, Selectable, Transaction } from 'kysely'
import { PermissionCode, ResultCode, type FormConfig, type Lang, type PermissionResult, type SubItemPrice } from '../../../../types'
import type { DB, ProjectTable } from '../../db/schema'
import { AppError } from '../../errors'
import { fenToYuan } from '../../lib/money'
import { requireProject } from '../project/service'
import { schoolForm } from '../school/cache'
import { getSchoolSetting } from '../school/repository'
import { getUser } from '../user/repository'
import { BUILTIN_FORM, toFormConfig, toFormModel, type FormModel } from './mapper'
import { localized, parseTexts } from './texts'
import * as repo from './repository'

type Db = Kysely<DB> | Transaction<DB>

/** Whether a paid gift of this amount gets an e-certificate under this form (the job issues it; success says so). */
export function certificateDue(form: Pick<FormModel, 'openCertificate' | 'minFenCertificate'>, amountFen: number): boolean {
  return form.openCertificate && amountFen >= form.minFenCertificate
}

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v)
    for (const x of Object.values(v)) deepFreeze(x)
  }
  return v
}

/** models built from a cached (frozen, never changed) form row, per language */
const models = new WeakMap<object, Map<Lang, FormModel>>()

function modelOf(row: Parameters<typeof toFormModel>[0], lang: Lang, cachedRow: boolean): FormModel {
  if (!cachedRow) return toFormModel(row, lang)
  let perLang = models.get(row)
  if (!perLang) models.set(row, (perLang = new Map()))
  let model = perLang.get(lang)
  // shared by every request: frozen, so a caller that changed it would fail loudly instead of changing the others'
  if (!model) perLang.set(lang, (model = deepFreeze(toFormModel(row, lang))))
  return model
}

/**
 * The project's form with its texts in `lang` (Chinese where a text has no translation). Outside a transaction the
 * row comes from the per-school cache (domain/school/cache.ts: the staff form editor invalidates it, another
 * process's edit shows within 5 s) and its model is built once per language; inside one it is read afresh.
 */
export async function resolveForm(
  db: Db,
  schoolId: number,
  project: Pick<Selectable<ProjectTable>, 'form_id'>,
  lang: Lang = 'zh_CN'
): Promise<FormModel> {
  const useCache = !db.isTransaction
  const read = (formId: number | null) =>
    useCache ? schoolForm(db, schoolId, formId) : formId ? repo.getForm(db, schoolId, formId) : repo.getDefaultForm(db, schoolId)
  const row = (project.form_id ? await read(project.form_id) : undefined) ?? (await read(null))
  return row ? modelOf(row, lang, useCache) : BUILTIN_FORM
}

export async function formDetail(
  db: Kysely<DB>,
  schoolId: number,
  itemsId: number,
  userId: number | null,
  lang: Lang = 'zh_CN'
): Promise<FormConfig> {
  const project = await requireProject(db, schoolId, itemsId)
  const [form, setting, last] = await Promise.all([
    resolveForm(db, schoolId, project, lang),
    getSchoolSetting(db, schoolId),
    userId ? repo.lastSubmission(db, schoolId, userId) : Promise.resolve(undefined)
  ])
  return toFormConfig(form, {
    onlineDisabled: !!setting?.disable_online_donation,
    schoolOfflineContact: setting ? localized(setting.offline_contact_info, parseTexts(setting.texts), lang, 'offline_contact_info') : '',
    donateRecord: last ? { certificateDonorName: last.certificate_donor_name, formData: last.form_data } : null
  })
}

/** true when the user may give to the project: open projects for everyone, alumni-only ones for certified alumni.
 *  `known`: the user's row when the caller already read it in this request. */
export async function mayDonate(
  db: Db,
  schoolId: number,
  project: { alumni_only: number },
  userId: number,
  known?: { open_id: string }
): Promise<boolean> {
  if (!project.alumni_only) return true
  const user = known ?? (await getUser(db, schoolId, userId))
  return !!user && repo.isCertifiedAlumnus(db, schoolId, user.open_id)
}

export const alumniRequired = () =>
  new AppError('alumniOnly', ResultCode.NOT_REGISTERED, 200, {}, { errorCode: PermissionCode.ALUMNI_REQUIRED } satisfies PermissionResult)

/**
 * No valid token: code -1 with errorCode 0101 (the app shows nothing). Alumni-only project and the caller is not
 * certified: code -998 with errorCode 0201 (the app keeps the token and shows the alumni reminder, docs/product §4, §8).
 */
export async function checkPermission(db: Kysely<DB>, schoolId: number, itemsId: number, userId: number | null): Promise<PermissionResult> {
  const project = await requireProject(db, schoolId, itemsId)
  if (!userId)
    throw new AppError('authRequired', ResultCode.ERROR, 200, {}, { errorCode: PermissionCode.AUTH_REQUIRED } satisfies PermissionResult)
  if (!(await mayDonate(db, schoolId, project, userId))) throw alumniRequired()
  return { errorCode: '' }
}

/** Preset amounts {title, fen}; the caption in `lang` where the entry carries it (texts.ts), else Chinese. */
export function parseFixMoney(json: string, lang: Lang = 'zh_CN'): { title: string; fen: number }[] {
  try {
    const v = JSON.parse(json) as Array<{ title?: unknown; fen?: unknown; texts?: unknown }>
    if (!Array.isArray(v)) return []
    return v
      .filter((o) => o && typeof o.title === 'string' && Number.isSafeInteger(o.fen) && (o.fen as number) > 0)
      .map((o) => ({ title: localized(o.title as string, parseTexts(o.texts), lang, 'title'), fen: o.fen as number }))
  } catch {
    return []
  }
}

export async function itemsSubPrice(db: Kysely<DB>, schoolId: number, itemsId: number, lang: Lang = 'zh_CN'): Promise<SubItemPrice[]> {
  const project = await requireProject(db, schoolId, itemsId)
  const own = parseFixMoney(project.fix_money, lang)
  const subs = await repo.subProjectsWithPrices(db, schoolId, itemsId)
  return subs.map((s) => {
    const list = parseFixMoney(s.fix_money, lang)
    return {
      id: s.id,
      name: localized(s.name, parseTexts(s.texts), lang, 'name'),
      fixMoney: (list.length ? list : own).map((o) => ({ title: o.title, money: fenToYuan(o.fen) }))
    }
  })
}
