/**
 * A school that hides its statistics (settings.hideStatistics; the seeded fzu) has them hidden by the API as well as
 * by the app (docs/decisions/048-naming-forms-whole.md): the school and directory totals and the per-sub-project
 * totals are refused with -1, and project payloads carry no donor count. completeMoney stays: the product still
 * draws each project's progress against its target, which needs it (a school hiding that too turns the target off).
 */
import type { Kysely } from 'kysely'
import type { ProjectSummary } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { schoolSetting } from '../school/cache'

/** the switch, read through the per-school cache (domain/school/cache.ts: staff writes invalidate it) */
export async function statisticsHidden(db: Kysely<DB>, schoolId: number): Promise<boolean> {
  return !!(await schoolSetting(db, schoolId))?.hide_statistics
}

export async function requireStatisticsShown(db: Kysely<DB>, schoolId: number): Promise<void> {
  if (await statisticsHidden(db, schoolId)) throw bizError('statisticsHidden')
}

export function withoutDonorCount<T extends Pick<ProjectSummary, 'payCounts'>>(hidden: boolean, p: T): T {
  return hidden ? { ...p, payCounts: 0 } : p
}
