import type { Kysely } from 'kysely'
import {
  PAGE_SIZE,
  type Page,
  type Project,
  type ProjectLabel,
  type ProjectSummary,
  type Lang,
  type ProjectType,
  type SubItemStatistic
} from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { fenToYuan, readFen } from '../../lib/money'
import { pageWindow } from '../../lib/sql'
import { localized, parseTexts } from '../form/texts'
import { toDetail, toSummary } from './mapper'
import * as repo from './repository'

/** Categories, named in `lang` where the category has that text (domain/form/texts.ts), else in Chinese. */
export async function types(db: Kysely<DB>, schoolId: number, lang: Lang = 'zh_CN'): Promise<ProjectType[]> {
  return (await repo.listTypes(db, schoolId)).map((t) => ({ id: t.id, name: localized(t.name, parseTexts(t.texts), lang, 'name') }))
}

export async function labels(db: Kysely<DB>, schoolId: number): Promise<ProjectLabel[]> {
  return (await repo.listLabels(db, schoolId)).map((l) => ({ id: l.id, labelTitle: l.label_title }))
}

export async function listProjects(
  db: Kysely<DB>,
  schoolId: number,
  q: repo.ProjectFilter & { limit?: number | null; offset?: number | null },
  lang: Lang = 'zh_CN'
): Promise<Page<ProjectSummary>> {
  const { limit, offset } = pageWindow(q, PAGE_SIZE.LIST, PAGE_SIZE.MAX)
  const { total, rows } = await repo.pageProjects(db, schoolId, q, limit, offset)
  const ids = rows.map((r) => r.id)
  const [stats, labelIds] = await Promise.all([repo.paidStatsByProject(db, schoolId, ids), repo.labelIdsByProject(db, schoolId, ids)])
  return { total, rows: rows.map((r) => toSummary(r, stats.get(r.id), labelIds.get(r.id) ?? [], lang)) }
}

/** The project of this school, or code -1 "项目不存在": ids of other schools are simply not found. */
export async function requireProject(db: Kysely<DB>, schoolId: number, id: number) {
  const p = await repo.getProject(db, schoolId, id)
  if (!p) throw bizError('projectNotFound')
  return p
}

export async function projectDetail(db: Kysely<DB>, schoolId: number, id: number, lang: Lang = 'zh_CN'): Promise<Project> {
  const p = await requireProject(db, schoolId, id)
  const [stats, labelIds, covers, subs, named] = await Promise.all([
    repo.paidStatsByProject(db, schoolId, [id]),
    repo.labelIdsByProject(db, schoolId, [id]),
    repo.listCovers(db, schoolId, id),
    repo.listSubProjects(db, schoolId, id),
    repo.namedCount(db, schoolId, id)
  ])
  const summary = toSummary(p, stats.get(id), labelIds.get(id) ?? [], lang)
  return toDetail(p, summary, {
    covers: covers.map((c) => c.file_url),
    subItems: subs.map((s) => ({ id: s.id, name: localized(s.name, parseTexts(s.texts), lang, 'name') })),
    namingCountDonate: named,
    lang
  })
}

/** Sub-project totals (offline + paid); ranked by amount when the project asks for a ranking (isSubRank). */
export async function subItemsStatistics(
  db: Kysely<DB>,
  schoolId: number,
  itemsId: number,
  lang: Lang = 'zh_CN'
): Promise<SubItemStatistic[]> {
  const p = await requireProject(db, schoolId, itemsId)
  const [subs, paid] = await Promise.all([repo.listSubProjects(db, schoolId, itemsId), repo.paidFenBySubProject(db, schoolId, itemsId)])
  const rows = subs.map((s) => ({
    id: s.id,
    name: localized(s.name, parseTexts(s.texts), lang, 'name'),
    fen: s.offline_fen + (paid.get(s.id) ?? 0)
  }))
  if (p.is_sub_rank) rows.sort((a, b) => b.fen - a.fen || a.id - b.id)
  return rows.map((r) => ({ id: r.id, name: r.name, completeMoney: fenToYuan(readFen(r.fen, 'sub-project total')) }))
}
