/** Table rows -> wire entities (types/entities.ts). Money leaves as yuan strings, flags as 0/1. */
import type { FixMoneyOption, Flag, Lang, Project, ProjectSummary } from '../../../../types'
import { localized, parseTexts } from '../form/texts'
import type { Selectable } from 'kysely'
import type { ProjectTable } from '../../db/schema'
import { fenToYuan, readFen } from '../../lib/money'
import type { SummaryRow } from './columns'

type Row = Selectable<ProjectTable>

export interface Stats {
  fen: number
  material: number
  count: number
}

const flag = (n: number | null | undefined): Flag => (n ? 1 : 0)

/**
 * The project's own words in `lang` where the school entered them (`project.texts`, decision 073), else the Chinese:
 * name, intro, the goods' name and unit here; the page's rich text and the pause reason in toDetail.
 */
export function toSummary(p: SummaryRow, stats: Stats | undefined, labelIds: number[], lang: Lang = 'zh_CN'): ProjectSummary {
  const texts = parseTexts(p.texts)
  return {
    id: p.id,
    name: localized(p.name, texts, lang, 'name'),
    intro: localized(p.intro, texts, lang, 'intro'),
    thumbnailImg: p.thumbnail_img,
    isComplete: flag(p.is_complete),
    itemsType: p.items_type === 2 ? 2 : 1,
    crowdType: p.crowd_type === 2 ? 2 : 1,
    isLimit: flag(p.is_limit),
    limitMoney: fenToYuan(p.limit_fen),
    // completeMoney = raised offline (a column) + paid online donations
    completeMoney: fenToYuan(readFen(readFen(p.offline_fen, 'project offline_fen') + (stats?.fen ?? 0), 'project total')),
    limitMaterialNumber: p.limit_material_number,
    completeMaterialNumber: p.offline_material_number + (stats?.material ?? 0),
    materialName: localized(p.material_name, texts, lang, 'material_name'),
    materialUnit: localized(p.material_unit, texts, lang, 'material_unit'),
    payCounts: stats?.count ?? 0,
    typeId: p.type_id ?? null,
    labelIds
  }
}

/** A project's own words in `lang` (project.texts, decision 073), for answers that name a project beside other things. */
export function projectWords(p: Pick<Row, 'name' | 'intro' | 'no_reason' | 'texts'>, lang: Lang) {
  const texts = parseTexts(p.texts)
  return {
    name: localized(p.name, texts, lang, 'name'),
    intro: localized(p.intro, texts, lang, 'intro'),
    noReason: localized(p.no_reason, texts, lang, 'no_reason')
  }
}

/** Preset amounts; each caption in `lang` where the entry carries it (domain/form/texts.ts), else Chinese. */
function parseFixMoney(json: string, lang: Lang): FixMoneyOption[] {
  try {
    const v = JSON.parse(json) as Array<{ title?: unknown; fen?: unknown; texts?: unknown }>
    if (!Array.isArray(v)) return []
    return v
      .filter((o) => typeof o.title === 'string' && Number.isSafeInteger(o.fen))
      .map((o) => ({ title: localized(o.title as string, parseTexts(o.texts), lang, 'title'), money: fenToYuan(o.fen as number) }))
  } catch {
    return []
  }
}

export function toDetail(
  p: Row,
  summary: ProjectSummary,
  extra: {
    covers: string[]
    subItems: { id: number; name: string }[]
    namingCountDonate: number
    lang?: Lang
  }
): Project {
  const lang = extra.lang ?? 'zh_CN'
  const texts = parseTexts(p.texts)
  return {
    ...summary,
    content: localized(p.content, texts, lang, 'content'),
    coverImg: p.cover_img,
    coverList: extra.covers.map((fileUrl) => ({ fileUrl })),
    materialPrice: fenToYuan(p.material_price_fen),
    namingCountAll: p.naming_count_all,
    namingCountDonate: extra.namingCountDonate,
    namingType: p.naming_type === 1 || p.naming_type === 2 ? p.naming_type : null,
    isDonate: flag(p.is_donate),
    noReason: localized(p.no_reason, texts, lang, 'no_reason'),
    isDonateTogether: flag(p.is_donate_together),
    isRecord: flag(p.is_record),
    isProgress: flag(p.is_progress),
    isLeaveMessage: flag(p.is_leave_message),
    isInstruction: flag(p.is_instruction),
    isAuditMessage: flag(p.is_audit_message),
    isSubRank: flag(p.is_sub_rank),
    fixMoney: parseFixMoney(p.fix_money, lang),
    isFixMoney: flag(p.is_fix_money),
    isHandMoney: flag(p.is_hand_money),
    isSub: extra.subItems.length > 0 ? 1 : 0,
    subItemsList: extra.subItems,
    formId: p.form_id ?? null
  }
}
