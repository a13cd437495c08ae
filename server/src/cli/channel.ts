/**
 * Channel credentials, SMS gateway and the production flag of a school (docs/decisions/018; operator steps in
 * docs/deployment.md). Secrets should be given as "env:NAME" (the variable is read when used, so the database and its
 * dumps hold names only); a literal secret is accepted with a warning. Secrets are never printed back. Only names set
 * aside for secrets resolve (UPLUS_SECRET_… or SECRET_ENV_ALLOW, lib/secret-env.ts) and URLs only to the platform's
 * hosts or OUTBOUND_HOSTS (lib/outbound.ts): anything else is refused here as the server would refuse it in use.
 *
 *   npx tsx server/src/cli/channel.ts set --school demo --channel weapp --app-id wx… --secret env:UPLUS_SECRET_DEMO_WEAPP
 *   npx tsx server/src/cli/channel.ts sms --school demo --secret-id env:… --secret-key env:… --sdk-app-id 1400… --sign-name … --template-id …
 *   npx tsx server/src/cli/channel.ts production --school demo --on
 *   npx tsx server/src/cli/channel.ts list [--school demo]
 */
import { parseArgs } from 'node:util'
import { PAY_CHANNELS } from '../../../types'
import { isPayChannel } from '../domain/channel/credentials'
import { nowIso } from '../lib/dates'
import { ALIPAY_HOSTS, checkOutboundUrl, outboundPolicyFromEnv, TENCENT_SMS_HOSTS, WECHAT_API_HOSTS } from '../lib/outbound'
import { refusedEnvRefs, SECRET_ENV_PREFIX } from '../lib/secret-env'
import { openMigrated, run, terminalSafe } from './common'

export const CHANNEL_USAGE = `usage: npx tsx server/src/cli/channel.ts <command> --school <code> [options]

  set         a channel's credentials (one row per school and channel; given options replace, others stay)
    --channel weapp|alipay|h5|wechat-h5   weapp: WeChat mini-program; wechat-h5: the official account (WeChat's
                                          browser); alipay: Alipay mini-program; h5: other browsers (Alipay wap, WeChat H5 pay)
    --app-id <id>                         the channel's AppID
    --secret env:NAME                     WeChat AppSecret (sign-in code exchange, JS-SDK ticket); NAME starts with
                                          UPLUS_SECRET_ or is listed in SECRET_ENV_ALLOW
    --credentials '<json>'                other sign-in keys, e.g. {"privateKey":"env:…","alipayPublicKey":"env:…"} (Alipay),
                                          {"shareOrigins":"https://give.school.edu.cn"} (more origins JS-SDK signs for)
    --pay-credentials '<json>'            merged over payment_config credentials for this channel's orders, e.g. its own
                                          merchant {"mchId":"…","serialNo":"…","privateKeyPem":"env:…","apiV3Key":"env:…"}
    --api-base <url>                      '' = the platform's real API; else https to a host in OUTBOUND_HOSTS
    --disable | --enable
  sms         the school's Tencent Cloud SMS gateway
    --secret-id env:NAME --secret-key env:NAME --sdk-app-id <id> --sign-name <签名> --template-id <id>
    [--template-params code,minutes] [--region ap-guangzhou] [--endpoint <url>] [--disable | --enable]
    [--receipt-template-id <id>]          the SMS receipt template: {1} project, {2} the receipt's short link
                                          (decision 050); '' = SMS receipts wait for staff
  production  --on | --off: a production school never uses the console SMS provider
  list        the school's channels and SMS gateway (secrets shown as "set", or the variable they name)
  --help      this text

Honours DATA_DIR and DATABASE_URL like the server.`

type Opts = Record<string, string | boolean | undefined>

const shown = (secret: string) => (!secret ? '(none)' : secret.startsWith('env:') ? secret : 'set')

function warnLiteral(name: string, v: string | undefined) {
  if (v && !v.startsWith('env:')) console.error(`warning: ${name} is stored as written; prefer env:NAME so database dumps hold no secret`)
}

/** The server refuses other names when it reads them (lib/secret-env.ts): refuse them here, before they are stored. */
function checkEnvRefs(name: string, v: unknown) {
  const [bad] = refusedEnvRefs(v, process.env)
  if (bad !== undefined) {
    throw new Error(`${name}: env:${bad} is not a secret name; use ${SECRET_ENV_PREFIX}… or list it in SECRET_ENV_ALLOW`)
  }
}

/** A URL the server will call: https to the platform's hosts or OUTBOUND_HOSTS, never a private address (lib/outbound.ts). */
function checkUrl(name: string, v: string | undefined, hosts: readonly string[]) {
  if (!v) return
  try {
    checkOutboundUrl(outboundPolicyFromEnv(), v, hosts)
  } catch (err) {
    throw new Error(`${name}: ${(err as Error).message}`)
  }
}

function jsonOption(name: string, v: string | undefined): string | undefined {
  if (v === undefined) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(v)
  } catch {
    throw new Error(`${name} must be a JSON object`)
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${name} must be a JSON object`)
  for (const [k, x] of Object.entries(parsed)) {
    if (/key|secret|pem/i.test(k) && typeof x === 'string') warnLiteral(`${name} ${k}`, x)
  }
  checkEnvRefs(name, parsed)
  return JSON.stringify(parsed)
}

const enabledOf = (o: Opts) => (o.disable ? 0 : o.enable ? 1 : undefined)

export async function channelCommand(args: string[]): Promise<string[]> {
  const [command, ...rest] = args
  const { values: o } = parseArgs({
    args: rest,
    options: {
      school: { type: 'string' },
      channel: { type: 'string' },
      'app-id': { type: 'string' },
      secret: { type: 'string' },
      credentials: { type: 'string' },
      'pay-credentials': { type: 'string' },
      'api-base': { type: 'string' },
      'secret-id': { type: 'string' },
      'secret-key': { type: 'string' },
      'sdk-app-id': { type: 'string' },
      'sign-name': { type: 'string' },
      'template-id': { type: 'string' },
      'template-params': { type: 'string' },
      'receipt-template-id': { type: 'string' },
      region: { type: 'string' },
      endpoint: { type: 'string' },
      on: { type: 'boolean' },
      off: { type: 'boolean' },
      enable: { type: 'boolean' },
      disable: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' }
    }
  })
  if (!command || command === '--help' || command === '-h' || o.help) return [CHANNEL_USAGE]
  if (!['set', 'sms', 'production', 'list'].includes(command)) throw new Error(`unknown command ${command}\n\n${CHANNEL_USAGE}`)
  const { db, close } = await openMigrated()
  try {
    const school = o.school
      ? await db.selectFrom('school').select(['id', 'code']).where('code', '=', o.school).executeTakeFirst()
      : await db.selectFrom('school').select(['id', 'code']).where('is_default', '=', 1).executeTakeFirst()
    if (!school) throw new Error(o.school ? `no school ${o.school}` : 'no default school: give --school')
    const stamp = nowIso()
    const out: string[] = []

    if (command === 'set') {
      if (!isPayChannel(o.channel)) throw new Error(`--channel must be one of ${PAY_CHANNELS.join(', ')}`)
      warnLiteral('--secret', o.secret)
      checkEnvRefs('--secret', o.secret)
      const wechat = o.channel === 'weapp' || o.channel === 'wechat-h5'
      checkUrl('--api-base', o['api-base'], wechat ? WECHAT_API_HOSTS : o.channel === 'alipay' ? ALIPAY_HOSTS : [])
      const values = {
        ...(o['app-id'] !== undefined ? { app_id: o['app-id'] } : {}),
        ...(o.secret !== undefined ? { secret: o.secret } : {}),
        ...(o.credentials !== undefined ? { credentials: jsonOption('--credentials', o.credentials) } : {}),
        ...(o['pay-credentials'] !== undefined ? { pay_credentials: jsonOption('--pay-credentials', o['pay-credentials']) } : {}),
        ...(o['api-base'] !== undefined ? { api_base: o['api-base'] } : {}),
        ...(enabledOf(o) !== undefined ? { enabled: enabledOf(o) } : {}),
        updated_at: stamp
      }
      await db
        .insertInto('school_channel_credential')
        .values({ school_id: school.id, channel: o.channel, ...values })
        .onConflict((oc) => oc.columns(['school_id', 'channel']).doUpdateSet(values))
        .execute()
      out.push(`channel ${o.channel} of ${school.code} saved`)
    }

    if (command === 'sms') {
      warnLiteral('--secret-id', o['secret-id'])
      warnLiteral('--secret-key', o['secret-key'])
      checkEnvRefs('--secret-id', o['secret-id'])
      checkEnvRefs('--secret-key', o['secret-key'])
      checkUrl('--endpoint', o.endpoint, TENCENT_SMS_HOSTS)
      const params = o['template-params']
      if (params !== undefined && !params.split(',').every((p) => ['code', 'minutes'].includes(p.trim())))
        throw new Error('--template-params lists code and minutes, e.g. code,minutes')
      const values = {
        provider: 'tencent' as const,
        ...(o['secret-id'] !== undefined ? { secret_id: o['secret-id'] } : {}),
        ...(o['secret-key'] !== undefined ? { secret_key: o['secret-key'] } : {}),
        ...(o['sdk-app-id'] !== undefined ? { sdk_app_id: o['sdk-app-id'] } : {}),
        ...(o['sign-name'] !== undefined ? { sign_name: o['sign-name'] } : {}),
        ...(o['template-id'] !== undefined ? { template_id: o['template-id'] } : {}),
        ...(params !== undefined ? { template_params: params } : {}),
        ...(o['receipt-template-id'] !== undefined ? { receipt_template_id: o['receipt-template-id'] } : {}),
        ...(o.region !== undefined ? { region: o.region } : {}),
        ...(o.endpoint !== undefined ? { endpoint: o.endpoint } : {}),
        ...(enabledOf(o) !== undefined ? { enabled: enabledOf(o) } : {}),
        updated_at: stamp
      }
      await db
        .insertInto('sms_config')
        .values({ school_id: school.id, ...values })
        .onConflict((oc) => oc.column('school_id').doUpdateSet(values))
        .execute()
      out.push(`SMS gateway of ${school.code} saved`)
    }

    if (command === 'production') {
      if (o.on === o.off) throw new Error('production needs --on or --off')
      await db
        .updateTable('school')
        .set({ is_production: o.on ? 1 : 0 })
        .where('id', '=', school.id)
        .execute()
      out.push(`${school.code}: production ${o.on ? 'on' : 'off'}`)
    }

    const row = await db.selectFrom('school').select('is_production').where('id', '=', school.id).executeTakeFirstOrThrow()
    out.push(`school ${school.code}: production ${row.is_production ? 'on' : 'off'}`)
    for (const c of await db
      .selectFrom('school_channel_credential')
      .selectAll()
      .where('school_id', '=', school.id)
      .orderBy('channel')
      .execute()) {
      out.push(
        `channel ${c.channel}: app ${c.app_id || '(none)'}, secret ${shown(c.secret)}, ` +
          `credentials ${Object.keys(JSON.parse(c.credentials || '{}')).join(',') || '(none)'}, ` +
          `pay credentials ${Object.keys(JSON.parse(c.pay_credentials || '{}')).join(',') || '(none)'}, ` +
          `${c.enabled ? 'enabled' : 'disabled'}${c.api_base ? `, api ${c.api_base}` : ''}`
      )
    }
    const sms = await db.selectFrom('sms_config').selectAll().where('school_id', '=', school.id).executeTakeFirst()
    out.push(
      sms
        ? `sms: ${sms.provider} app ${sms.sdk_app_id}, sign ${sms.sign_name}, template ${sms.template_id} (${sms.template_params}), ` +
            `region ${sms.region}, secret id ${shown(sms.secret_id)}, secret key ${shown(sms.secret_key)}, ${sms.enabled ? 'enabled' : 'disabled'}`
        : `sms: none (${row.is_production ? 'codes are refused: production school' : 'the console provider writes codes to the server log'})`
    )
    return out.map(terminalSafe)
  } finally {
    await close()
  }
}

if (require.main === module) run(async () => console.log((await channelCommand(process.argv.slice(2))).join('\n')))
