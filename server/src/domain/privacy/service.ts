/**
 * The privacy policy per school, the donor's consent to its current version, and the check that forms collecting
 * personal data run first (docs/decisions/041-privacy-and-account-deletion.md).
 */
import type { Kysely, Transaction } from 'kysely'
import { ResultCode, type Lang, type PrivacyPolicy, type PrivacyStatus, type StaffPrivacyPolicy } from '../../../../types'
import type { DB } from '../../db/schema'
import { AppError, bizError } from '../../errors'
import { nowIso, toWireDate } from '../../lib/dates'
import { recordAudit } from '../staff/audit'
import { DEFAULT_POLICY, DEFAULT_POLICY_VERSION } from './default-policy'
import * as repo from './repository'
import { localized, parseTexts } from '../form/texts'
import { schoolSetting } from '../school/cache'

type Db = Kysely<DB> | Transaction<DB>
type Texts = { title: string; content: string }

function otherTexts(json: string): Partial<Record<Lang, Texts>> {
  try {
    const v = JSON.parse(json) as unknown
    return v && typeof v === 'object' ? (v as Partial<Record<Lang, Texts>>) : {}
  } catch {
    return {}
  }
}

export async function currentVersion(db: Db, schoolId: number): Promise<number> {
  const row = await repo.policyVersion(db, schoolId)
  return row ? Number(row.version) : DEFAULT_POLICY_VERSION
}

/** The policy in the caller's language: the school's own text (its English when given, else Chinese) or the default. */
export async function getPolicy(db: Kysely<DB>, school: { id: number; name: string }, lang: Lang): Promise<PrivacyPolicy> {
  const [row, setting] = await Promise.all([repo.policyRow(db, school.id), schoolSetting(db, school.id)])
  // the foundation named in the policy's language: its title in that language where the school entered it (decision 073)
  const name = setting ? localized(setting.title || school.name, parseTexts(setting.texts), lang, 'title') : school.name
  const fill = (s: string) => s.replaceAll('{school}', name)
  if (!row) {
    const d = DEFAULT_POLICY[lang] ?? DEFAULT_POLICY.zh_CN
    return { version: DEFAULT_POLICY_VERSION, title: d.title, content: fill(d.content), updatedAt: '', isDefault: 1 }
  }
  const own = lang === 'zh_CN' ? null : otherTexts(row.texts)[lang]
  const texts = own?.title && own?.content ? own : { title: row.title, content: row.content }
  return {
    version: Number(row.version),
    title: texts.title,
    content: fill(texts.content),
    updatedAt: toWireDate(row.updated_at),
    isDefault: 0
  }
}

/** The status from the two facts read (`consentNow`, or the session hook's statement): the school's policy version
 *  (null: the default applies) and when the donor agreed to the current version. */
export function consentFrom(version: number | string | null | undefined, at: string | null | undefined): PrivacyStatus {
  const v = version === null || version === undefined ? DEFAULT_POLICY_VERSION : Number(version)
  return { version: v, consented: at ? 1 : 0, consentedAt: at ? toWireDate(at) : '' }
}

export async function consentStatus(db: Db, schoolId: number, userId: number): Promise<PrivacyStatus> {
  const row = (await repo.consentNow.first(db, [schoolId, userId, DEFAULT_POLICY_VERSION]))!
  return consentFrom(row.version, row.consented_at)
}

/** Records the caller's agreement to `version`, which must be the current one (a stale page agrees to nothing). */
export async function recordConsent(db: Db, schoolId: number, userId: number, version: number, source: 'login' | 'prompt') {
  if (version !== (await currentVersion(db, schoolId))) throw bizError('privacyVersionStale')
  await repo.insertConsent(db, { school_id: schoolId, user_id: userId, version, source, created_at: nowIso() })
}

/** The refusal a form answers without consent: -1 with the current version, so the app can ask and send again. */
export const consentRequired = (version: number) =>
  new AppError('privacyConsentRequired', ResultCode.ERROR, 200, {}, { privacyConsentRequired: version })

/** Run for every route that collects personal data (decision 041 lists them) before it stores anything: the session
 *  hook reads the status with the session (plugins/auth.ts config.personalData). */
export function requireConsented(s: PrivacyStatus): void {
  if (!s.consented) throw consentRequired(s.version)
}

export async function getStaffPolicy(db: Db, school: { id: number; name: string }): Promise<StaffPrivacyPolicy> {
  const row = await repo.policyRow(db, school.id)
  if (!row) {
    return {
      version: DEFAULT_POLICY_VERSION,
      isDefault: 1,
      updatedAt: '',
      zh: { ...DEFAULT_POLICY.zh_CN },
      en: { ...DEFAULT_POLICY.en },
      consents: await repo.consentCount(db, school.id, DEFAULT_POLICY_VERSION)
    }
  }
  const en = otherTexts(row.texts).en
  return {
    version: Number(row.version),
    isDefault: 0,
    updatedAt: toWireDate(row.updated_at),
    zh: { title: row.title, content: row.content },
    en: { title: en?.title ?? '', content: en?.content ?? '' },
    consents: await repo.consentCount(db, school.id, Number(row.version))
  }
}

/**
 * Staff save the school's policy. `newVersion` (a change donors must agree to again) raises the version: from then on
 * every form asks each donor once more. A correction that changes nothing material keeps it.
 */
export async function saveStaffPolicy(
  db: Kysely<DB>,
  school: { id: number; name: string },
  staffId: number,
  p: { zh: Texts; en: Texts; newVersion: boolean }
): Promise<StaffPrivacyPolicy> {
  const zh = { title: p.zh.title.trim(), content: p.zh.content.trim() }
  const en = { title: p.en.title.trim(), content: p.en.content.trim() }
  if (!zh.title || !zh.content) throw bizError('privacyPolicyEmpty')
  await db.transaction().execute(async (trx) => {
    const before = await getStaffPolicy(trx, school)
    const version = before.version + (p.newVersion ? 1 : 0)
    const row = {
      version,
      title: zh.title,
      content: zh.content,
      texts: JSON.stringify(en.title && en.content ? { en } : {}),
      updated_by: staffId,
      updated_at: nowIso()
    }
    await repo.upsertPolicy(trx, school.id, row)
    await recordAudit(trx, {
      schoolId: school.id,
      staffId,
      action: 'privacy.policy.update',
      entity: 'privacy_policy',
      entityId: school.id,
      before: { version: before.version, zh: before.zh, en: before.en },
      after: { version, zh, en }
    })
  })
  return getStaffPolicy(db, school)
}
