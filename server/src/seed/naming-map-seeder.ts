/**
 * Demo naming maps (docs/decisions/016-naming-maps.md): for each campaign of naming-map-plan.ts, its naming
 * areas and seats (the naming tables of decision 013, so the order flow holds and names them), the seats' map profiles, the map
 * configs, and named points. hhu and cpu use the tree projects the school already has (their seeded gifts, labels
 * such as '银杏-07', name those trees); the demo school gets the campaigns no seeded school had (tree-naming,
 * xzit, gmu, the garden benches, the hall, the buildings, the wall and the artworks) as new projects, with paid
 * gifts of their own.
 */
import type { Transaction } from 'kysely'
import { NameplateStatus, type MapConfig } from '../../../types'
import type { DB } from '../db/schema'
import { SEAT_DONATED, SEAT_FREE, SEAT_UNAVAILABLE } from '../domain/naming/tables'
import { img } from './images'
import { namingMapPlans, type PlannedCampaign, type PlannedMap, type PlannedSeat } from './naming-map-plan'
import { daysAgo, type SeededProject } from './project-seeder'
import { rngFor, type Rng } from './rng'
import { DONOR_NAMES } from './schools'

/** Demo panorama links (docs/product §2 VR button); a foundation sets its real ones in the map config. */
const vrUrl = (school: string, key: string) => `https://vr.example.edu.cn/${school}/${key}`

const TREE_MESSAGES = [
  '愿此树与母校一同成长',
  '十年树木，百年树人',
  '饮水思源，不忘师恩',
  '青春无悔，感恩遇见',
  '祝母校桃李满天下',
  '毕业二十周年纪念',
  ''
]

/** The directory's rare-character donor stays one seeded gift (server/test/index.test.ts searches for it). */
const NAMES = DONOR_NAMES.filter((n) => n !== '赟喆䶮')

/** Viewport the initial offsets are computed for (docs/product: screenshots and journeys at 390x844). */
const VIEW = { width: 390, height: 844 }

function chunk<T>(xs: T[], n: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n))
  return out
}

async function createProject(trx: Transaction<DB>, schoolId: number, c: PlannedCampaign, sortNo: number): Promise<number> {
  const p = c.project!
  const type = await trx
    .selectFrom('project_type')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('name', '=', '校园建设')
    .executeTakeFirst()
  const theme = c.kind === 'tree' ? 'tree' : c.kind === 'artwork' ? 'alumni' : 'seat'
  const { id } = await trx
    .insertInto('project')
    .values({
      school_id: schoolId,
      type_id: type?.id ?? null,
      name: p.name,
      intro: p.intro,
      content: p.paragraphs.map((t) => `<p>${t}</p>`).join(''),
      texts: JSON.stringify({ en: { name: p.en.name, intro: p.en.intro, content: p.en.paragraphs.map((t) => `<p>${t}</p>`).join('') } }),
      thumbnail_img: img.thumb(theme),
      cover_img: img.cover(theme, 1),
      items_type: 2,
      crowd_type: 1,
      is_limit: 0,
      limit_fen: 0,
      limit_material_number: 0,
      offline_fen: 0,
      offline_material_number: 0,
      material_name: '',
      material_unit: '',
      material_price_fen: 0,
      naming_type: 1,
      naming_count_all: p.countAll || c.areas.reduce((s, a) => s + a.seats.length, 0),
      is_complete: 0,
      is_donate: 1,
      no_reason: '',
      is_donate_together: 0,
      is_record: 1,
      is_progress: 1,
      is_leave_message: 1,
      is_instruction: 1,
      is_audit_message: 0,
      is_sub_rank: 0,
      fix_money: '[]',
      is_fix_money: 0,
      is_hand_money: 1,
      form_id: null,
      sort_no: sortNo,
      created_at: daysAgo(60)
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('project_cover')
    .values([
      { school_id: schoolId, items_id: id, file_url: img.cover(theme, 1), sort_no: 0 },
      { school_id: schoolId, items_id: id, file_url: img.cover(theme, 2), sort_no: 1 }
    ])
    .execute()
  return id
}

/** The stored config of a map: hot areas, points by seat id, area ids (the areaIdList of getSeatStatusList). */
function configOf(school: string, m: PlannedMap, seatIds: Map<PlannedSeat, number>, seats: PlannedSeat[], areaIds: Map<string, number>) {
  const mine = seats.filter((s) => s.mapKey === m.key)
  // the image's centre in the middle of the phone's viewport
  const left = Math.round((VIEW.width - m.width * m.scale) / 2)
  const top = Math.round((VIEW.height - m.height * m.scale) / 2)
  const config: Omit<MapConfig, 'id' | 'level'> = {
    width: m.width,
    height: m.height,
    scale: m.scale,
    minScale: m.minScale,
    maxScale: m.maxScale,
    top,
    left,
    map: m.image,
    areaList: m.zones.map((z) => ({ id: z.next, x: z.x, y: z.y, title: z.title, hot: z.hot, next: z.next })),
    treeList: mine
      .filter((s) => s.point === 'tree')
      .map((s) => ({ id: `t${seatIds.get(s)}`, x: s.x, y: s.y, seatId: seatIds.get(s)!, show: 1 as const, selected: 0 as const })),
    buildingList: mine
      .filter((s) => s.point === 'building')
      .map((s) => ({ id: `b${seatIds.get(s)}`, x: Math.round(s.x), y: Math.round(s.y), seatId: seatIds.get(s)!, isHide: 0 as const })),
    areaIdList: m.areaKeys.map((k) => areaIds.get(k)!).filter((id) => id !== undefined),
    vrUrl: m.vr ? vrUrl(school, m.key) : ''
  }
  return config
}

interface NamedBy {
  donationId: number
  userId: number | null
  donorName: string
  paidAt: string
  amountFen: number
}

function recordRow(schoolId: number, itemsId: number, seatId: number, s: PlannedSeat, g: NamedBy, message: string) {
  return {
    school_id: schoolId,
    donation_id: g.donationId,
    items_id: itemsId,
    user_id: g.userId,
    kind: 'seat' as const,
    seat_id: seatId,
    book_id: null,
    area_id: null,
    label: s.label,
    quantity: 1,
    term_year: 0,
    term_name: '永久',
    unit_fen: g.amountFen,
    amount_fen: g.amountFen,
    donor_name: g.donorName,
    donor_identity: '校友',
    donation_message: message,
    nameplate_list: '',
    status: 'named' as const,
    nameplate_status: NameplateStatus.APPROVED,
    review_reason: '',
    reviewed_by: null,
    reviewed_at: g.paidAt,
    named_at: g.paidAt,
    expire_at: null,
    created_at: g.paidAt,
    updated_at: g.paidAt
  }
}

/** Writes the records (named, nameplate approved) and marks their seats donated: a few statements, not one per seat. */
async function nameSeats(trx: Transaction<DB>, schoolId: number, rows: ReturnType<typeof recordRow>[]) {
  for (const part of chunk(rows, 200)) {
    await trx.insertInto('naming_record').values(part).execute()
    await trx
      .updateTable('naming_seat')
      .set((eb) => ({
        status: SEAT_DONATED,
        record_id: eb
          .selectFrom('naming_record as r')
          .select('r.id')
          .whereRef('r.seat_id', '=', 'naming_seat.id')
          .where('r.school_id', '=', schoolId)
          .where('r.status', '=', 'named')
          .limit(1)
      }))
      .where('school_id', '=', schoolId)
      .where(
        'id',
        'in',
        part.map((r) => r.seat_id)
      )
      .execute()
  }
}

const priceOf = (s: PlannedSeat, areaFen: number) => s.prices?.[0]?.fen ?? areaFen

async function seedCampaign(
  trx: Transaction<DB>,
  school: { id: number; code: string },
  c: PlannedCampaign,
  itemsId: number,
  users: number[],
  rng: Rng,
  seq: { n: number }
) {
  const now = new Date().toISOString()
  const areaIds = new Map<string, number>()
  const seatIds = new Map<PlannedSeat, number>()
  for (const [i, a] of c.areas.entries()) {
    const { id: areaId } = await trx
      .insertInto('naming_area')
      .values({
        school_id: school.id,
        items_id: itemsId,
        title: a.title,
        img_url: a.img,
        type: a.type,
        price_list: JSON.stringify(a.prices),
        sort_no: i
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    areaIds.set(a.key, areaId)
    for (const part of chunk(a.seats, 250)) {
      const rows = await trx
        .insertInto('naming_seat')
        .values(
          part.map((s, k) => ({
            school_id: school.id,
            items_id: itemsId,
            area_id: areaId,
            label: s.label,
            row_no: s.row,
            col_no: s.col,
            sort_no: k,
            img_url: s.img,
            price_list: s.prices ? JSON.stringify(s.prices) : '',
            status: s.status === 3 ? SEAT_UNAVAILABLE : SEAT_FREE,
            hold_donation_id: null,
            record_id: null,
            updated_at: now
          }))
        )
        .returning(['id', 'label'])
        .execute()
      const byLabel = new Map(rows.map((r) => [r.label, r.id]))
      for (const s of part) seatIds.set(s, byLabel.get(s.label)!)
      await trx
        .insertInto('naming_seat_profile')
        .values(part.map((s) => ({ seat_id: seatIds.get(s)!, school_id: school.id, name: s.name, intro: s.intro, author: s.author })))
        .execute()
    }
  }

  const seats = c.areas.flatMap((a) => a.seats)
  for (const m of c.maps) {
    await trx
      .insertInto('naming_map')
      .values({
        school_id: school.id,
        map_key: m.key,
        items_id: itemsId,
        level: m.level,
        title: m.title,
        config: JSON.stringify(configOf(school.code, m, seatIds, seats, areaIds)),
        updated_at: now
      })
      .execute()
  }

  // Seeded gifts of an existing project (activity-seeder.ts) name the trees their labels point at: the map and the
  // donor list agree, and the gift's amount becomes the tree's price.
  const areaFen = new Map(c.areas.flatMap((a) => a.seats.map((s) => [s, a.prices[0]?.fen ?? 0] as const)))
  const byLabel = new Map(seats.map((s) => [s.label, s]))
  const gifts = await trx
    .selectFrom('donation_naming as n')
    .innerJoin('donation as d', 'd.id', 'n.donation_id')
    .select(['n.label', 'd.id', 'd.user_id', 'd.donor_name', 'd.paid_at'])
    .where('n.school_id', '=', school.id)
    .where('n.items_id', '=', itemsId)
    .where('d.status', '=', 'paid')
    .orderBy('n.id')
    .execute()
  const records: ReturnType<typeof recordRow>[] = []
  for (const [k, g] of gifts.entries()) {
    const s = byLabel.get(g.label)
    if (!s || s.status !== 1) continue
    const fen = priceOf(s, areaFen.get(s) ?? 0)
    await trx.updateTable('donation').set({ amount_fen: fen }).where('id', '=', g.id).execute()
    records.push(
      recordRow(
        school.id,
        itemsId,
        seatIds.get(s)!,
        s,
        { donationId: g.id, userId: g.user_id, donorName: g.donor_name, paidAt: g.paid_at ?? now, amountFen: fen },
        TREE_MESSAGES[k % TREE_MESSAGES.length]
      )
    )
  }

  // Campaigns this seeder created have paid gifts of their own, written in batches.
  if (c.project) {
    const picks = seats
      .filter((x) => x.named && x.status === 1)
      .map((s) => {
        const u = rng.chance(0.3) ? rng.int(0, users.length - 1) : -1
        const created = daysAgo(rng.int(1, 150), rng.int(0, 12))
        seq.n++
        return {
          s,
          message: rng.pick(TREE_MESSAGES),
          row: {
            bill_no: `${school.code.toUpperCase()}M${created.slice(0, 10).replace(/-/g, '')}${String(seq.n).padStart(5, '0')}`,
            school_id: school.id,
            items_id: itemsId,
            sub_items_id: null,
            together_id: null,
            user_id: u >= 0 ? (users[u] ?? null) : null,
            donor_name: u >= 0 ? NAMES[u % NAMES.length] : rng.pick(NAMES),
            is_anonymous: rng.chance(0.12) ? 1 : 0,
            amount_fen: priceOf(s, areaFen.get(s) ?? 0),
            material_number: 0,
            pay_type: seq.n % 2 ? 1 : 2,
            status: 'paid' as const,
            created_at: created,
            paid_at: new Date(Date.parse(created) + rng.int(30, 600) * 1000).toISOString()
          }
        }
      })
    for (const part of chunk(picks, 200)) {
      const ids = await trx
        .insertInto('donation')
        .values(part.map((p) => p.row))
        .returning(['id', 'bill_no'])
        .execute()
      const idOf = new Map(ids.map((r) => [r.bill_no, r.id]))
      await trx
        .insertInto('donation_naming')
        .values(
          part.map((p) => ({
            school_id: school.id,
            donation_id: idOf.get(p.row.bill_no)!,
            items_id: itemsId,
            kind: 'seat' as const,
            label: p.s.label,
            quantity: 1
          }))
        )
        .execute()
      for (const p of part) {
        records.push(
          recordRow(
            school.id,
            itemsId,
            seatIds.get(p.s)!,
            p.s,
            {
              donationId: idOf.get(p.row.bill_no)!,
              userId: p.row.user_id,
              donorName: p.row.donor_name,
              paidAt: p.row.paid_at,
              amountFen: p.row.amount_fen
            },
            p.message
          )
        )
      }
    }
  }
  await nameSeats(trx, school.id, records)
}

/** Seeds one school's map campaigns; returns the campaign keys of the projects it created (for campaignItems). */
export async function seedNamingMaps(
  trx: Transaction<DB>,
  school: { id: number; code: string },
  projects: SeededProject[]
): Promise<Record<string, number>> {
  const plans = namingMapPlans(school.code)
  if (!plans.length) return {}
  const rng = rngFor(`${school.code}-naming-map-gifts`)
  const users = (await trx.selectFrom('app_user').select('id').where('school_id', '=', school.id).orderBy('id').execute()).map((u) => u.id)
  const created: Record<string, number> = {}
  const seq = { n: 0 }
  let sortNo = projects.length
  for (const c of plans) {
    let itemsId = c.project ? null : (projects.find((p) => p.seed.campaign === c.campaign)?.id ?? null)
    if (c.project) {
      itemsId = await createProject(trx, school.id, c, sortNo++)
      created[c.campaign] = itemsId
    }
    if (itemsId === null) continue
    await seedCampaign(trx, school, c, itemsId, users, rng, seq)
  }
  return created
}
