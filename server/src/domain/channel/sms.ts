/**
 * Which SMS provider sends a school's verification codes (docs/decisions/018): the school's sms_config row
 * (Tencent Cloud SMS with its own signature and template), else the fallback (the console provider, or what a test
 * injects), and never the fallback for a school marked production: there getSmsCode answers -1 "SMS not configured"
 * and the server logs the configuration error at start.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { outboundFetch, TENCENT_SMS_HOSTS, type OutboundPolicy } from '../../lib/outbound'
import { createTencentSms, SmsProviderError, type FetchLike } from '../../providers/sms/tencent'
import type { SmsProvider } from '../../providers/sms/types'
import { ChannelConfigError, resolveEnvValue } from './credentials'

export type SmsChoice = { kind: 'provider'; provider: SmsProvider } | { kind: 'not-configured'; reason: string }

const TEMPLATE_PARAMS = new Set(['code', 'minutes'])

export async function smsProviderFor(
  deps: { db: Kysely<DB>; env: NodeJS.ProcessEnv; fetch?: FetchLike; outbound: OutboundPolicy; fallback: SmsProvider },
  schoolId: number
): Promise<SmsChoice> {
  const [row, school] = await Promise.all([
    deps.db.selectFrom('sms_config').selectAll().where('school_id', '=', schoolId).where('enabled', '=', 1).executeTakeFirst(),
    deps.db.selectFrom('school').select('is_production').where('id', '=', schoolId).executeTakeFirst()
  ])
  if (!row) {
    if (school?.is_production) return { kind: 'not-configured', reason: 'production school without an SMS gateway (sms_config)' }
    return { kind: 'provider', provider: deps.fallback }
  }
  try {
    if (row.provider !== 'tencent') throw new ChannelConfigError(`sms_config: unknown provider ${JSON.stringify(row.provider)}`)
    const what = `sms_config of school ${schoolId}`
    const params = row.template_params.split(',').map((p) => p.trim())
    if (!params.length || params.some((p) => !TEMPLATE_PARAMS.has(p)))
      throw new ChannelConfigError(`${what}: template_params must list code and minutes, got ${JSON.stringify(row.template_params)}`)
    return {
      kind: 'provider',
      provider: createTencentSms({
        secretId: String(resolveEnvValue(row.secret_id, deps.env, what)),
        secretKey: String(resolveEnvValue(row.secret_key, deps.env, what)),
        sdkAppId: row.sdk_app_id,
        signName: row.sign_name,
        templateId: row.template_id,
        templateParams: params as Array<'code' | 'minutes'>,
        region: row.region,
        endpoint: row.endpoint,
        // Tencent's hosts, or the endpoint's host when the deployment lists it in OUTBOUND_HOSTS (lib/outbound.ts)
        fetch: outboundFetch(deps.outbound, TENCENT_SMS_HOSTS, deps.fetch)
      })
    }
  } catch (err) {
    if (err instanceof ChannelConfigError || err instanceof SmsProviderError) return { kind: 'not-configured', reason: err.message }
    throw err
  }
}

/** At start: every production school that cannot send codes is one error line naming it and the reason. */
export async function reportSmsConfiguration(
  deps: { db: Kysely<DB>; env: NodeJS.ProcessEnv; outbound: OutboundPolicy; log: Pick<FastifyBaseLogger, 'error'> },
  fallback: SmsProvider
): Promise<number> {
  const schools = await deps.db.selectFrom('school').select(['id', 'code']).where('is_production', '=', 1).orderBy('code').execute()
  let broken = 0
  for (const s of schools) {
    const c = await smsProviderFor({ ...deps, fallback }, s.id)
    if (c.kind === 'not-configured') {
      broken++
      deps.log.error(
        { school: s.code, reason: c.reason },
        `SMS is not configured for production school ${s.code}: sign-in codes are refused until an sms_config row exists ` +
          '(npx tsx server/src/cli/channel.ts sms --school …)'
      )
    }
  }
  return broken
}

/**
 * The school's SMS receipt sender (docs/decisions/050-yearly-statement.md): its enabled Tencent gateway and approved
 * receipt template (sms_config.receipt_template_id), or why there is none. Never the console fallback: an SMS
 * receipt without a real gateway waits for staff, as before.
 */
export async function receiptSmsFor(
  deps: { db: Kysely<DB>; env: NodeJS.ProcessEnv; outbound: OutboundPolicy; fetch?: FetchLike },
  schoolId: number
): Promise<{ send(mobile: string, params: string[]): Promise<void> } | { reason: string }> {
  const row = await deps.db
    .selectFrom('sms_config')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('enabled', '=', 1)
    .executeTakeFirst()
  if (!row) return { reason: 'no SMS gateway (sms_config)' }
  if (!row.receipt_template_id) return { reason: 'no receipt template (sms_config.receipt_template_id)' }
  const what = `sms_config of school ${schoolId}`
  try {
    const sms = createTencentSms({
      secretId: String(resolveEnvValue(row.secret_id, deps.env, what)),
      secretKey: String(resolveEnvValue(row.secret_key, deps.env, what)),
      sdkAppId: row.sdk_app_id,
      signName: row.sign_name,
      templateId: row.receipt_template_id,
      templateParams: [],
      region: row.region,
      endpoint: row.endpoint,
      fetch: outboundFetch(deps.outbound, TENCENT_SMS_HOSTS, deps.fetch)
    })
    const templateId = row.receipt_template_id
    return { send: (mobile, params) => sms.sendTemplate(mobile, templateId, params) }
  } catch (err) {
    if (err instanceof ChannelConfigError || err instanceof SmsProviderError) return { reason: err.message }
    throw err
  }
}
