/** Inserts one school's types, labels, projects and their tabs (covers, sub-projects, progress, publicity). */
import type { Transaction } from 'kysely'
import type { DB } from '../db/schema'
import { yuanToFen } from '../lib/money'
import { LABELS, TYPES, type ProjectSeed } from './catalogue'
import { img } from './images'
import type { Rng } from './rng'

const fen = (yuan: number) => yuanToFen(yuan.toFixed(2))
export const daysAgo = (d: number, hour = 10) => new Date(Date.now() - d * 86400_000 - hour * 3600_000).toISOString()

/** project.texts.en of a seeded project (decision 073): the same page as the Chinese, in English. */
function projectEnglish(p: ProjectSeed, picture: string): Record<string, string> {
  const en: Record<string, string> = {
    name: p.en.name,
    intro: p.en.intro,
    content: p.en.paragraphs.map((t) => `<p>${t}</p>`).join('') + `<p><img src="${picture}" alt="${p.en.name}"></p>`
  }
  if (p.en.goods) Object.assign(en, { material_name: p.en.goods.name, material_unit: p.en.goods.unit })
  if (p.en.closed) en.no_reason = p.en.closed
  return en
}

export interface SeededProject {
  id: number
  seed: ProjectSeed
  subIds: number[]
}

export async function seedProjects(trx: Transaction<DB>, schoolId: number, projects: ProjectSeed[], rng: Rng) {
  const typeIds = new Map<string, number>()
  for (const [i, name] of TYPES.entries()) {
    const { id } = await trx
      .insertInto('project_type')
      .values({ school_id: schoolId, name, sort_no: i })
      .returning('id')
      .executeTakeFirstOrThrow()
    typeIds.set(name, id)
  }
  const labelIds = new Map<string, number>()
  for (const [i, label_title] of LABELS.entries()) {
    const { id } = await trx
      .insertInto('project_label')
      .values({ school_id: schoolId, label_title, sort_no: i })
      .returning('id')
      .executeTakeFirstOrThrow()
    labelIds.set(label_title, id)
  }

  const out: SeededProject[] = []
  for (const [i, p] of projects.entries()) {
    const goods = p.goods
    const cover = img.cover(p.theme, 1)
    const { id } = await trx
      .insertInto('project')
      .values({
        school_id: schoolId,
        type_id: typeIds.get(p.type) ?? null,
        name: p.name,
        intro: p.intro,
        content: p.paragraphs.map((t) => `<p>${t}</p>`).join('') + `<p><img src="${img.cover(p.theme, 2)}" alt="${p.name}"></p>`,
        thumbnail_img: img.thumb(p.theme),
        cover_img: cover,
        items_type: p.naming ? 2 : 1,
        crowd_type: goods ? 2 : 1,
        is_limit: p.limitYuan || goods ? 1 : 0,
        limit_fen: fen(p.limitYuan ?? (goods ? goods.limit * goods.priceYuan : 0)),
        limit_material_number: goods?.limit ?? 0,
        offline_fen: fen(p.offlineYuan ?? (goods ? goods.offline * goods.priceYuan : 0)),
        offline_material_number: goods?.offline ?? 0,
        material_name: goods?.name ?? '',
        material_unit: goods?.unit ?? '',
        material_price_fen: fen(goods?.priceYuan ?? 0),
        naming_type: p.naming?.type ?? null,
        naming_count_all: p.naming?.countAll ?? 0,
        is_complete: p.complete ? 1 : 0,
        is_donate: p.closed ? 0 : 1,
        no_reason: p.closed ?? '',
        texts: JSON.stringify({ en: projectEnglish(p, img.cover(p.theme, 2)) }),
        is_donate_together: p.together ? 1 : 0,
        is_record: 1,
        is_progress: 1,
        is_leave_message: p.closedMessages ? 0 : 1,
        is_instruction: 1,
        is_audit_message: p.audit ? 1 : 0,
        is_sub_rank: p.subRank ? 1 : 0,
        fix_money: JSON.stringify((p.fixMoney ?? []).map(([title, yuan]) => ({ title, fen: fen(yuan) }))),
        is_fix_money: p.fixMoney?.length ? 1 : 0,
        is_hand_money: p.fixOnly ? 0 : 1,
        form_id: null,
        sort_no: i,
        created_at: daysAgo(200 - i)
      })
      .returning('id')
      .executeTakeFirstOrThrow()

    const links = p.labels.map((l) => ({ school_id: schoolId, items_id: id, label_id: labelIds.get(l)! }))
    if (links.length) await trx.insertInto('project_label_link').values(links).execute()
    await trx
      .insertInto('project_cover')
      .values([
        { school_id: schoolId, items_id: id, file_url: cover, sort_no: 0 },
        { school_id: schoolId, items_id: id, file_url: img.cover(p.theme, 2), sort_no: 1 }
      ])
      .execute()
    const subIds: number[] = []
    for (const [j, name] of (p.subItems ?? []).entries()) {
      const sub = await trx
        .insertInto('sub_project')
        .values({ school_id: schoolId, items_id: id, name, offline_fen: fen(5000 * (j + 1)), sort_no: j })
        .returning('id')
        .executeTakeFirstOrThrow()
      subIds.push(sub.id)
    }
    out.push({ id, seed: p, subIds })
  }

  // Progress reports (with photos) and use-of-funds publicity on most projects.
  for (const [i, sp] of out.entries()) {
    if (i % 4 === 3) continue
    for (let k = 0; k < 2 + (i % 2); k++) {
      const prog = await trx
        .insertInto('progress')
        .values({
          school_id: schoolId,
          items_id: sp.id,
          progress_date: daysAgo(10 + k * 30 + i),
          content: [
            '项目启动，基金会与学校相关部门召开推进会。',
            '第一批资金已拨付，相关工作有序推进。',
            '阶段性成果验收完成，感谢各位捐赠人的支持。'
          ][k]
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const photos = rng.int(0, 2)
      for (let n = 0; n < photos; n++) {
        await trx
          .insertInto('progress_attachment')
          .values({ school_id: schoolId, progress_id: prog.id, file_url: img.progress(((i + n) % 4) + 1), sort_no: n })
          .execute()
      }
    }
    if (i % 3 !== 2) {
      await trx
        .insertInto('use_publicity')
        .values([
          {
            school_id: schoolId,
            items_id: sp.id,
            use_date: daysAgo(20 + i),
            use_title: '发放第一批资助款',
            use_fen: fen(rng.int(2, 30) * 1000)
          },
          {
            school_id: schoolId,
            items_id: sp.id,
            use_date: daysAgo(50 + i),
            use_title: '采购物资及服务',
            use_fen: fen(rng.int(1, 20) * 1000 + 0.5)
          }
        ])
        .execute()
    }
  }
  return out
}
