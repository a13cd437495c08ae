/**
 * Demo data for a fresh database: four schools with projects, orders, messages and articles.
 * Idempotent: runs only when the schools table is empty, inside one transaction (all or nothing).
 */
import { sql, type Kysely, type Transaction } from 'kysely'
import { isPg } from '../db/migrations/helpers'
import type { DB } from '../db/schema'
import { invalidateSchoolCache } from '../domain/school/cache'
import { createSchool, setCampaignItems } from '../domain/school/service'
import { seedArticles, seedDonations, seedMessages, seedTogethers, seedUsers } from './activity-seeder'
import { seedDonationSetup } from './forms'
import { seedEnglishTexts } from './english'
import { img, writeSeedImages } from './images'
import { namingImageSpecs, seedNaming } from './naming-seeder'
import { writeNamingMapImages } from './naming-map-images'
import { namingMapPlans } from './naming-map-plan'
import { seedNamingMaps } from './naming-map-seeder'
import { seedProjects } from './project-seeder'
import { seedAgreementBank } from '../domain/agreement/seed'
import { rngFor } from './rng'
import { schoolSeeds, type SchoolSeed } from './schools'

const AGREEMENT = '<p>捐赠人自愿向基金会捐赠，捐赠财产用于约定的公益项目。</p><p>基金会将依法管理和使用捐赠财产，并定期公开使用情况。</p>'
const AWARD_EXPLAIN = '<p>累计捐赠达到相应条件即可点亮勋章：爱心达人、爱心天使、爱心大使、公益之星、一呼百应。</p>'

async function seedSchool(trx: Transaction<DB>, s: SchoolSeed) {
  const rng = rngFor(s.code)
  const { id } = await createSchool(trx, {
    code: s.code,
    name: s.name,
    moduleName: s.moduleName,
    theme: s.theme,
    themeColor: s.themeColor,
    isDefault: s.isDefault,
    logo: img.logo(s.code),
    settings: s.settings,
    base: {
      title: s.name,
      award_explain: AWARD_EXPLAIN,
      agree_title: '捐赠协议',
      agree_content: AGREEMENT,
      share_title: `${s.short}，感恩有你`,
      share_desc: '每一份爱心都值得被铭记，邀你一起支持母校发展。',
      share_img: img.share(s.code),
      login_bg: img.loginBg(s.code)
    },
    alumniAuthSkip: { appid: `wxalumni${s.code}`, path: 'pages/auth/index', originalId: `gh_${s.code}alumni01` }
  })
  const projects = await seedProjects(trx, id, s.projects, rng)
  const campaign: Record<string, number> = {}
  for (const p of projects) if (p.seed.campaign) campaign[p.seed.campaign] = p.id
  await setCampaignItems(trx, id, campaign)
  await seedDonationSetup(trx, id, s.code, projects)
  // after every Chinese text of the form, categories and presets exists
  await seedEnglishTexts(trx, id)

  const users = await seedUsers(trx, id)
  await seedMessages(trx, id, projects, users)
  const togethers = await seedTogethers(trx, id, projects, users)
  await seedDonations(trx, { id, code: s.code }, projects, users, togethers, rng)
  await seedNaming(trx, { id, code: s.code }, projects)
  const mapCampaigns = await seedNamingMaps(trx, { id, code: s.code }, projects)
  if (Object.keys(mapCampaigns).length) await setCampaignItems(trx, id, { ...campaign, ...mapCampaigns })
  await seedAgreementBank(trx, id, s.code, s.name)
  await seedArticles(trx, id, s.short)
}

/** Returns true when it seeded. */
export async function seedIfEmpty(db: Kysely<DB>, dataDir: string): Promise<boolean> {
  const seeds = schoolSeeds()
  writeSeedImages(
    dataDir,
    seeds.map((s) => ({ code: s.code, color: s.themeColor })),
    namingImageSpecs()
  )
  writeNamingMapImages(
    dataDir,
    seeds.map((s) => namingMapPlans(s.code))
  )
  const seeded = await db.transaction().execute(async (trx) => {
    // Two servers starting on one empty PostgreSQL database would both see zero schools: serialise them.
    // (SQLite transactions already start with BEGIN IMMEDIATE, see db/factory.ts.)
    if (isPg(trx)) await sql`select pg_advisory_xact_lock(740512)`.execute(trx)
    const { n } = await trx
      .selectFrom('school')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    if (Number(n) > 0) return false
    for (const s of seeds) await seedSchool(trx, s)
    return true
  })
  // the per-process cache (school/cache.ts) may have answered "no row" while the transaction ran: drop it now the
  // schools, settings and payment configurations are committed
  if (seeded) invalidateSchoolCache()
  return seeded
}
