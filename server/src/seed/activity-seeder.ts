/** One school's users, messages, joint donations, donation orders (paid, pending, cancelled) and articles. */
import type { Insertable, Transaction } from 'kysely'
import type { DB, DonationTable } from '../db/schema'
import { articleSeeds } from './articles'
import { AVATAR_COUNT, img } from './images'
import { daysAgo, type SeededProject } from './project-seeder'
import type { Rng } from './rng'
import { DONOR_NAMES, MESSAGES } from './schools'

const AMOUNTS_FEN = [1000, 2000, 5000, 6666, 8888, 10000, 20000, 30000, 50000, 52000, 100000, 200000, 500000, 1000000]

export async function seedUsers(trx: Transaction<DB>, schoolId: number) {
  const ids: number[] = []
  for (let i = 0; i < 8; i++) {
    const { id } = await trx
      .insertInto('app_user')
      .values({
        school_id: schoolId,
        source: 'sandbox',
        open_id: `seed-user-${i + 1}`,
        nickname: DONOR_NAMES[i],
        avatar: img.avatar((i % AVATAR_COUNT) + 1),
        name: DONOR_NAMES[i],
        mobile: `+86-1380013800${i}`,
        id_no: '',
        created_at: daysAgo(300 - i)
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    ids.push(id)
  }
  return ids
}

export async function seedMessages(trx: Transaction<DB>, schoolId: number, projects: SeededProject[], users: number[]) {
  for (const [i, p] of projects.entries()) {
    if (p.seed.closedMessages || i % 3 === 2) continue
    for (let k = 0; k < 2 + (i % 3); k++) {
      const [content, reply] = MESSAGES[(i + k) % MESSAGES.length]
      await trx
        .insertInto('leave_message')
        .values({
          school_id: schoolId,
          items_id: p.id,
          user_id: users[(i + k) % users.length],
          content,
          status: 'visible',
          reply_content: reply,
          created_at: daysAgo(k * 7 + i)
        })
        .execute()
    }
  }
  // One message waiting for review on the first audited project: never listed until an admin approves it.
  const audited = projects.find((p) => p.seed.audit)
  if (audited) {
    await trx
      .insertInto('leave_message')
      .values({
        school_id: schoolId,
        items_id: audited.id,
        user_id: users[0],
        content: '待审核的留言：希望增加奖学金名额。',
        status: 'pending',
        reply_content: '',
        created_at: daysAgo(1)
      })
      .execute()
  }
}

export async function seedTogethers(trx: Transaction<DB>, schoolId: number, projects: SeededProject[], users: number[]) {
  const out = new Map<number, number[]>()
  for (const p of projects.filter((x) => x.seed.together)) {
    const ids: number[] = []
    for (const [k, [sponsor, slogan, targetFen]] of (
      [
        ['王建国', '毕业二十年，我们一起为母校做点事！', 5000000],
        ['2005届水文班全体同学', '同窗情深，一起捐！', 0]
      ] as const
    ).entries()) {
      const { id } = await trx
        .insertInto('together_donation')
        .values({
          school_id: schoolId,
          items_id: p.id,
          user_id: users[k],
          sponsor,
          avatar: img.avatar(k + 1),
          slogan,
          is_target: targetFen ? 1 : 0,
          target_fen: targetFen,
          status: 'active',
          created_at: daysAgo(90 - k * 20)
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      ids.push(id)
    }
    out.set(p.id, ids)
  }
  return out
}

type NewDonation = Insertable<DonationTable>

export async function seedDonations(
  trx: Transaction<DB>,
  school: { id: number; code: string },
  projects: SeededProject[],
  users: number[],
  togethers: Map<number, number[]>,
  rng: Rng
) {
  let seq = 0
  const insert = async (
    d: Omit<NewDonation, 'bill_no' | 'school_id'>,
    naming?: { kind: 'seat' | 'book'; label: string; quantity: number }[]
  ) => {
    seq++
    const bill = `${school.code.toUpperCase()}${d.created_at.slice(0, 10).replace(/-/g, '')}${String(seq).padStart(5, '0')}`
    const { id } = await trx
      .insertInto('donation')
      .values({ ...d, bill_no: bill, school_id: school.id })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (naming?.length) {
      await trx
        .insertInto('donation_naming')
        .values(naming.map((n) => ({ ...n, school_id: school.id, donation_id: id, items_id: d.items_id })))
        .execute()
    }
  }
  const when = () => {
    const created = daysAgo(rng.int(0, 180), rng.int(0, 12))
    return { created_at: created, paid_at: new Date(Date.parse(created) + rng.int(30, 600) * 1000).toISOString() }
  }
  const donor = () => {
    const anonymous = rng.chance(0.15)
    const u = rng.chance(0.3) ? rng.int(0, users.length - 1) : -1
    return {
      donor_name: u >= 0 ? DONOR_NAMES[u] : rng.pick(DONOR_NAMES),
      user_id: u >= 0 ? users[u] : null,
      is_anonymous: anonymous ? 1 : 0
    }
  }

  // Naming projects first, so each has a list of named seats or books.
  for (const p of projects.filter((x) => x.seed.naming)) {
    const n = p.seed.naming!
    for (const [k, label] of n.labels.entries()) {
      const quantity = n.type === 2 ? rng.int(1, 3) : 1
      await insert(
        {
          items_id: p.id,
          sub_items_id: null,
          together_id: null,
          ...donor(),
          amount_fen: n.unitYuan * 100 * quantity,
          material_number: 0,
          pay_type: k % 2 ? 2 : 1,
          status: 'paid',
          ...when()
        },
        [{ kind: n.type === 1 ? 'seat' : 'book', label, quantity }]
      )
    }
  }

  const plain = projects.filter((x) => !x.seed.naming)
  for (let i = 0; i < 56; i++) {
    // The first gift carries rare characters: masking and rendering must handle 赟喆䶮 (code points, not UTF-16 units).
    const who = i === 0 ? { donor_name: '赟喆䶮', user_id: null, is_anonymous: 0 } : donor()
    const p = plain[i % plain.length]
    const goods = p.seed.goods
    const qty = goods ? rng.int(1, 20) : 0
    const together = togethers.get(p.id)
    await insert({
      items_id: p.id,
      sub_items_id: p.subIds.length ? rng.pick(p.subIds) : null,
      together_id: together && rng.chance(0.4) ? rng.pick(together) : null,
      ...who,
      amount_fen: goods ? qty * goods.priceYuan * 100 : rng.pick(AMOUNTS_FEN),
      material_number: qty,
      pay_type: rng.pick([1, 1, 1, 2, 15]),
      status: 'paid',
      ...when()
    })
  }
  // Unpaid and cancelled orders: they must never show in directories or totals.
  for (let i = 0; i < 8; i++) {
    const p = plain[(i * 3) % plain.length]
    const t = when()
    await insert({
      items_id: p.id,
      sub_items_id: null,
      together_id: null,
      ...donor(),
      amount_fen: 99_999_900,
      material_number: 0,
      pay_type: 1,
      status: i % 2 ? 'cancelled' : 'pending',
      created_at: t.created_at,
      paid_at: null
    })
  }
}

export async function seedArticles(trx: Transaction<DB>, schoolId: number, schoolShort: string) {
  for (const [i, c] of articleSeeds(schoolShort).entries()) {
    const { id } = await trx
      .insertInto('article_category')
      .values({ school_id: schoolId, source: c.source, name: c.name, sort_no: i })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('article')
      .values(
        c.articles.map((a) => ({
          school_id: schoolId,
          category_id: id,
          source: c.source,
          website_id: c.websiteId,
          title: a.title,
          thumbnail_image: a.thumb,
          content: a.html,
          texts: JSON.stringify({ en: { title: a.en.title, content: a.en.html } }),
          publish_date: daysAgo(a.daysAgo),
          read_count: a.reads
        }))
      )
      .execute()
  }
}
