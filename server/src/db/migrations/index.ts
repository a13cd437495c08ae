/** Ordered migration set, one for both dialects. Names sort in order; never rename one that has shipped. */
import { Migrator, NO_MIGRATIONS, type Kysely, type Migration, type MigrationProvider } from 'kysely'
import { m001SchoolsUsers } from './001-schools-users'
import { m002Projects } from './002-projects'
import { m003Donations } from './003-donations'
import { m004Articles } from './004-articles'
import { m005Orders } from './005-orders'
import { m006PayLink } from './006-pay-link'
import { m007CampusCard } from './007-campus-card'
import { m010Identity } from './010-identity'
import { m011Awards } from './011-awards'
import { m012Fulfilment } from './012-fulfilment'
import { m013Naming } from './013-naming'
import { m017Channels } from './017-channels'
import { m014NamingMaps } from './014-naming-maps'
import { m015Agreements } from './015-agreements'
import { m016Together } from './016-together'
import { m018StaffConsole } from './018-staff-console'
import { m019OfflineGiftsAndExports } from './019-offline-gifts-and-exports'
import { m021TextsPerLanguage } from './021-texts-per-language'
import { m020SharedStore } from './020-shared-store'
import { m022StaffProjects } from './022-staff-projects'
import { m023ReadIndexes } from './023-read-indexes'
import { m024DefaultAvatarsJpeg } from './024-default-avatars-jpeg'
import { m025AgreementOrder } from './025-agreement-order'
import { m027Refunds } from './027-refunds'
import { m028BillReconciliation } from './028-bill-reconciliation'
import { m029AgreementRendering } from './029-agreement-rendering'
import { m031ContentSecurity } from './031-content-security'
import { m030Privacy } from './030-privacy'
import { m032Notifications } from './032-notifications'
import { m034AgreementStaff } from './034-agreement-staff'
import { m035SubscribeMessages } from './035-subscribe-messages'
import { m036Statements } from './036-statements'
import { m037GivingDays } from './037-giving-days'
import { m038MonthlyPlans } from './038-monthly-plans'
import { m039EnglishFields } from './039-english-fields'
import { m040CampaignArticleEnglish } from './040-campaign-article-english'
import { m041GivingDayAmbassadors } from './041-giving-day-ambassadors'
import { m042MonthlyProviders } from './042-monthly-providers'
import { m043SharedStoreUnlogged } from './043-shared-store-unlogged'
import { m044GivingDayChallengeShares } from './044-giving-day-challenge-shares'

export const migrations: Record<string, Migration> = {
  '001_schools_users': m001SchoolsUsers,
  '002_projects': m002Projects,
  '003_donations': m003Donations,
  '004_articles': m004Articles,
  '005_orders': m005Orders,
  '006_pay_link': m006PayLink,
  '007_campus_card': m007CampusCard,
  // identity, awards, fulfilment (decision 008); 006-009 belong to the donation flow
  '010_identity': m010Identity,
  '011_awards': m011Awards,
  '012_fulfilment': m012Fulfilment,
  // naming seats and books (decision 013)
  '013_naming': m013Naming,
  // naming maps (decision 016)
  '014_naming_maps': m014NamingMaps,
  // agreements (decision 017)
  '015_agreements': m015Agreements,
  // joint donations (docs/product §2 Joint donation)
  '016_together': m016Together,
  // channels, JS-SDK, SMS (decision 018)
  '017_channels': m017Channels,
  // staff console: roles, audit log (decision 021)
  '018_staff_console': m018StaffConsole,
  // staff console: offline gifts, ledger exports, order reviews (decision 034)
  '019_offline_gifts_and_exports': m019OfflineGiftsAndExports,
  // scale-out: shared store, job lease owner (decision 023)
  '020_shared_store': m020SharedStore,
  // giving form and languages: texts per language (decision 025)
  '021_texts_per_language': m021TextsPerLanguage,
  // staff console: project dates (decision 027)
  '022_staff_projects': m022StaffProjects,
  // reads: indexes found with EXPLAIN QUERY PLAN (decision 026)
  '023_read_indexes': m023ReadIndexes,
  // the default avatars stored as .png while the seed drew .jpg
  '024_default_avatars_jpeg': m024DefaultAvatarsJpeg,
  // one signed tree agreement, one order (docs/decisions/036-one-agreement-one-order.md)
  '025_agreement_order': m025AgreementOrder,
  // refunds (docs/decisions/032-refunds.md)
  '027_refunds': m027Refunds,
  // bill reconciliation (docs/decisions/038-bill-reconciliation.md)
  '028_bill_reconciliation': m028BillReconciliation,
  // agreements rendered by the job worker when the request path is busy (docs/decisions/039-agreement-rendering-jobs.md)
  '029_agreement_rendering': m029AgreementRendering,
  // privacy policy, consent, account deletion (docs/decisions/041-privacy-and-account-deletion.md)
  '030_privacy': m030Privacy,
  // content security (docs/decisions/042-content-security.md)
  '031_content_security': m031ContentSecurity,
  // notifications (docs/decisions/044-notifications.md)
  '032_notifications': m032Notifications,
  // agreements handled by staff: countersign, receipt, the seal (docs/decisions/047-agreements-for-staff.md)
  '034_agreement_staff': m034AgreementStaff,
  // WeChat subscribe messages and Alipay subscription messages (docs/decisions/049-subscribe-messages.md)
  '035_subscribe_messages': m035SubscribeMessages,
  // yearly giving statements (docs/decisions/050-yearly-statement.md)
  '036_statements': m036Statements,
  // giving days: matches and challenges (docs/decisions/070-giving-days.md)
  '037_giving_days': m037GivingDays,
  // monthly giving: plans and their charges (docs/decisions/071-monthly-giving.md)
  '038_monthly_plans': m038MonthlyPlans,
  // English for a project's own words (docs/decisions/073-english-everywhere.md)
  '039_english_fields': m039EnglishFields,
  // English for articles (docs/decisions/086-english-for-campaigns-and-articles.md)
  '040_campaign_article_english': m040CampaignArticleEnglish,
  // giving days: region boards and ambassadors (docs/decisions/075-giving-day-ambassadors-boards.md)
  '041_giving_day_ambassadors': m041GivingDayAmbassadors,
  // monthly giving through WeChat Pay papay and Alipay 周期扣款 (docs/decisions/079-monthly-providers.md)
  '042_monthly_providers': m042MonthlyProviders,
  // the shared store unlogged on PostgreSQL (docs/decisions/087-postgresql-peak-statements.md)
  '043_shared_store_unlogged': m043SharedStoreUnlogged,
  // what an offline gift has counted toward a challenge (docs/decisions/088-offline-gifts-in-giving-days.md)
  '044_giving_day_challenge_shares': m044GivingDayChallengeShares
}

const provider: MigrationProvider = { getMigrations: async () => migrations }

// Numbers are reserved per issue (006-009 donation flow, 010+ identity), so a database may already hold 010-012 when
// 006 arrives: run such a late, independent migration instead of refusing to start (Kysely's 'corrupted migrations').
const options = { provider, allowUnorderedMigrations: true }

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const { error } = await new Migrator({ db, ...options }).migrateToLatest()
  if (error) throw error
}

/** Drops every table by running all downs (cli/seed.ts --reset): same code path on SQLite and PostgreSQL. */
export async function migrateDownAll(db: Kysely<any>): Promise<void> {
  const { error } = await new Migrator({ db, ...options }).migrateTo(NO_MIGRATIONS)
  if (error) throw error
}
