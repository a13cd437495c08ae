/**
 * Foundation fulfilment from the command line: the same service functions as the staff API (/staff-api/{school}).
 * Honours DATA_DIR and DATABASE_URL like the server. --school defaults to the default school. Moves are recorded
 * in fulfilment_history under the staff account named by --staff (it must exist: create-staff first).
 *
 * `--help` (or `help`, `-h`) prints every command and its options (HELP below).
 *
 * Donor text (names, addresses, e-mail, anything a donor typed) goes through terminalSafe() before it is printed:
 * a donor must not be able to move the cursor, recolour or rewrite a staff member's terminal, or reverse the order of
 * what it shows. runStaffCli() is the whole tool on a given database; tests call it in-process.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema'
import { AppError } from '../errors'
import { t } from '../i18n'
import { getFulfilmentConfig, saveFulfilmentConfig, type FulfilmentConfig } from '../domain/fulfilment/config'
import { advance, type FulfilmentKind } from '../domain/fulfilment/state'
import { setDonorPassword, sha256Hex } from '../domain/identity/service'
import { loginSettings, saveLoginSettings } from '../domain/identity/settings'
import { applicationDetail, attachReceiptFile, listApplications, type StaffApplication } from '../domain/fulfilment/applications'
import { createStaff, findStaff, listStaff } from '../domain/staff/service'
import { parseRoles } from '../domain/staff/roles'
import { findDefaultSchool, findSchoolByCode } from '../domain/school/repository'
import { createLocalStorage } from '../providers/storage/local'
import { openMigrated, run, safeJson, terminalSafe } from './common'
import { nameplateCommand } from './staff-nameplate'

const USAGE =
  'usage: staff.ts <create-staff|staff|list|show|advance|attach-receipt|config|login-config|create-donor|certify-alumnus|nameplate> [options] (staff.ts --help for each)'

/** Every command with its options; printed by --help without opening a database. */
export const HELP = `Foundation fulfilment from the command line (DATA_DIR and DATABASE_URL as the server; --school defaults to the default school).

  staff.ts create-staff --username li --password '…' [--name 李老师] [--roles admin,finance,fulfilment,editor]
      (or STAFF_PASSWORD=…; a new account defaults to fulfilment, an existing one keeps its roles)
  staff.ts staff                 staff accounts with their roles
  staff.ts list [--kind certificate|receipt] [--status pending|all|1..7] [--json]
  staff.ts show --kind receipt --id 3
  staff.ts advance --kind certificate --id 5 --to 2 --staff li
  staff.ts advance --kind certificate --id 5 --to 4 --courier 顺丰速运 --number SF123 --staff li
  staff.ts attach-receipt --id 3 --file ./receipt.pdf --staff li      (PDF, JPEG or PNG)
  staff.ts advance --kind receipt --id 3 --to 7 --staff li
  staff.ts config [--open-paper 0|1] [--certificate-ways 1,2] [--open-receipt 0|1] [--valid-type 0|1|2]
      [--credit-code 0|1] [--receipt-types 1,2] [--receipt-ways-paper 1,2] [--receipt-ways-electronic 3,4]
      [--certificate-pickup "地址|联系人|电话"] [--receipt-pickup "地址|联系人|电话"]
  staff.ts login-config [--open-login 0|1] [--login-notes text] [--sandbox-login 0|1]
  staff.ts create-donor --username alice --password '…' [--nickname 张三]      (password sign-in account)
  staff.ts certify-alumnus (--open-id X | --user-id N) [--name 张三]
  staff.ts nameplate [list|show|approve|return] [--status pending|all|1..3] [--id N] [--reason …] --staff li
  staff.ts --help                this text

Moves are recorded under the staff account named by --staff (create-staff first).`

/** `--help`, `-h` or `help` anywhere in place of a command. */
export const wantsHelp = (argv: string[]): boolean => argv[0] === 'help' || argv.includes('--help') || argv.includes('-h')

const OPTIONS = {
  school: { type: 'string' },
  username: { type: 'string' },
  password: { type: 'string' },
  name: { type: 'string' },
  nickname: { type: 'string' },
  kind: { type: 'string' },
  status: { type: 'string' },
  id: { type: 'string' },
  to: { type: 'string' },
  courier: { type: 'string' },
  number: { type: 'string' },
  staff: { type: 'string' },
  file: { type: 'string' },
  json: { type: 'boolean' },
  limit: { type: 'string' },
  'open-paper': { type: 'string' },
  'certificate-ways': { type: 'string' },
  'open-receipt': { type: 'string' },
  'valid-type': { type: 'string' },
  'credit-code': { type: 'string' },
  'receipt-types': { type: 'string' },
  'receipt-ways-paper': { type: 'string' },
  'receipt-ways-electronic': { type: 'string' },
  'certificate-pickup': { type: 'string' },
  'receipt-pickup': { type: 'string' },
  'open-login': { type: 'string' },
  'login-notes': { type: 'string' },
  'sandbox-login': { type: 'string' },
  'open-id': { type: 'string' },
  'user-id': { type: 'string' },
  reason: { type: 'string' },
  roles: { type: 'string' }
} as const

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values']

/** Where the tool works and writes: the process entry passes the real database and stdout/stderr. */
export interface StaffCliIo {
  db: Kysely<DB>
  /** the server's DATA_DIR: attached receipt files go to <dataDir>/files, where the server serves them */
  dataDir: string
  /** one line of output (stdout) */
  out: (line: string) => void
  /** one line of error (stderr) */
  err: (line: string) => void
  /** STAFF_PASSWORD and DONOR_PASSWORD, read when --password is not given */
  env?: Record<string, string | undefined>
}

const need = (value: string | undefined, flag: string): string => {
  if (!value) throw new Error(`--${flag} is required`)
  return value
}
const int = (value: string | undefined, flag: string): number => {
  const n = Number(need(value, flag))
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${flag} must be a whole number`)
  return n
}
const kindOf = (value: string | undefined): FulfilmentKind => {
  if (value !== 'certificate' && value !== 'receipt') throw new Error('--kind must be certificate or receipt')
  return value
}
const flag01 = (value: string | undefined) => (value === undefined ? undefined : value === '1' || value === 'true')
const list = (value: string | undefined) =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((x) => Number(x.trim()))
        .filter((x) => Number.isInteger(x))
const pickup = (value: string | undefined) => {
  if (value === undefined) return undefined
  const [address = '', name = '', mobile = ''] = value.split('|').map((x) => x.trim())
  return { address, name, mobile }
}

async function school(db: Kysely<DB>, v: Values) {
  const s = v.school ? await findSchoolByCode(db, v.school) : await findDefaultSchool(db)
  if (!s) throw new Error(v.school ? `school ${v.school} not found` : 'no school yet: start the server or run seed.ts first')
  return s
}

async function staffId(db: Kysely<DB>, schoolId: number, v: Values): Promise<number> {
  const s = await findStaff(db, schoolId, need(v.staff, 'staff'))
  if (!s || !s.enabled) throw new Error(`staff ${v.staff} not found (create-staff first)`)
  return s.id
}

/** One application as a line of the queue; every field is data someone typed, so each is made terminal-safe. */
function queueLine(a: StaffApplication): string {
  const f = (x: unknown) => terminalSafe(String(x ?? ''))
  return (
    `  #${a.id}\tstatus ${a.status} -> ${a.next.join('|') || '(final)'}\tway ${a.way}\t${f(a.itemsName)}\t¥${f(a.donateMoney)}\t${f(a.donorName)}` +
    `${a.postalAddress ? `\t${f(a.postalContact)} ${f(a.postalMobile)} ${f(a.postalAddress)}` : ''}${a.postalEmail ? `\t${f(a.postalEmail)}` : ''}` +
    `${a.expressNo ? `\t${f(a.expressCompany)} ${f(a.expressNo)}` : ''}${a.fileUrl ? `\t${f(a.fileUrl)}` : ''}`
  )
}

/**
 * Runs one command (argv as after `staff.ts`) against io.db and answers the exit code: 0, or 1 after writing the
 * reason to io.err. Business refusals (AppError) read as the app shows them, in both languages.
 */
export async function runStaffCli(argv: string[], io: StaffCliIo): Promise<number> {
  if (wantsHelp(argv)) {
    for (const line of HELP.split('\n')) io.out(line)
    return 0
  }
  try {
    await execute(argv, io)
    return 0
  } catch (err) {
    const message =
      err instanceof AppError
        ? `${t('zh_CN', err.key, err.params)} / ${t('en', err.key, err.params)}`
        : err instanceof Error
          ? err.message
          : String(err)
    io.err(terminalSafe(message))
    return 1
  }
}

async function execute(argv: string[], { db, dataDir, out, env = process.env }: StaffCliIo): Promise<void> {
  const { positionals, values: v } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS })
  const command = positionals[0]
  if (!command) throw new Error(USAGE)
  const print = (value: unknown) => out(JSON.stringify(safeJson(value), null, 2))
  const s = await school(db, v)
  switch (command) {
    case 'create-staff': {
      const r = await createStaff(db, s.id, {
        username: need(v.username, 'username'),
        password: v.password ?? need(env.STAFF_PASSWORD, 'password'),
        displayName: v.name,
        roles:
          v.roles === undefined
            ? undefined
            : v.roles
                .split(',')
                .map((r) => r.trim().toLowerCase())
                .filter(Boolean)
      })
      out(`${r.created ? 'created' : 'updated'} staff ${terminalSafe(v.username ?? '')} (id ${r.id}) at ${s.code}`)
      break
    }
    case 'staff':
      for (const st of await listStaff(db, s.id))
        out(
          `${st.id}\t${terminalSafe(st.username)}\t${terminalSafe(st.display_name)}\t${st.enabled ? 'enabled' : 'disabled'}\t${parseRoles(st.roles).join(',')}`
        )
      break
    case 'list': {
      const kinds: FulfilmentKind[] = v.kind ? [kindOf(v.kind)] : ['certificate', 'receipt']
      const st = v.status ?? 'pending'
      const status = st === 'pending' || st === 'all' ? st : int(st, 'status')
      for (const kind of kinds) {
        const r = await listApplications(db, s.id, kind, { status, limit: v.limit ? int(v.limit, 'limit') : 200 })
        if (v.json) {
          print({ kind, ...r })
          continue
        }
        out(`${kind} applications (${st}): ${r.total}`)
        for (const a of r.rows) out(queueLine(a))
      }
      break
    }
    case 'show':
      print(await applicationDetail(db, s.id, kindOf(v.kind), int(v.id, 'id')))
      break
    case 'advance': {
      const kind = kindOf(v.kind)
      const id = int(v.id, 'id')
      const r = await advance(db, {
        schoolId: s.id,
        kind,
        id,
        to: int(v.to, 'to'),
        staffId: await staffId(db, s.id, v),
        expressCompany: v.courier,
        expressNo: v.number
      })
      out(`${kind} #${id}: ${r.from} -> ${r.to}`)
      break
    }
    case 'attach-receipt': {
      const file = path.resolve(need(v.file, 'file'))
      const url = await attachReceiptFile(db, createLocalStorage(path.join(dataDir, 'files')), {
        schoolId: s.id,
        schoolCode: s.code,
        id: int(v.id, 'id'),
        staffId: await staffId(db, s.id, v),
        data: readFileSync(file)
      })
      out(`receipt #${v.id}: file ${url}`)
      break
    }
    case 'config': {
      const patch: Partial<FulfilmentConfig> = {}
      const set = <K extends keyof FulfilmentConfig>(k: K, value: FulfilmentConfig[K] | undefined) => {
        if (value !== undefined) patch[k] = value
      }
      set('isOpenPaper', flag01(v['open-paper']))
      set('certificateWays', list(v['certificate-ways']))
      set('isOpenReceipt', flag01(v['open-receipt']))
      if (v['valid-type'] !== undefined) {
        const vt = int(v['valid-type'], 'valid-type')
        if (vt > 2) throw new Error('--valid-type must be 0, 1 or 2')
        patch.validType = vt as 0 | 1 | 2
      }
      set('isCreditCode', flag01(v['credit-code']))
      set('receiptTypes', list(v['receipt-types']))
      set('receiptWaysPaper', list(v['receipt-ways-paper']))
      set('receiptWaysElectronic', list(v['receipt-ways-electronic']))
      set('certificatePickup', pickup(v['certificate-pickup']))
      set('receiptPickup', pickup(v['receipt-pickup']))
      print(Object.keys(patch).length ? await saveFulfilmentConfig(db, s.id, patch) : await getFulfilmentConfig(db, s.id))
      break
    }
    case 'login-config': {
      const patch = {
        ...(v['open-login'] !== undefined ? { isOpenLogin: flag01(v['open-login']) } : {}),
        ...(v['login-notes'] !== undefined ? { loginNotes: v['login-notes'] } : {}),
        ...(v['sandbox-login'] !== undefined ? { sandboxLogin: flag01(v['sandbox-login']) } : {})
      }
      if (Object.keys(patch).length) await saveLoginSettings(db, s.id, patch)
      print(await loginSettings(db, s.id))
      break
    }
    case 'create-donor': {
      const r = await setDonorPassword(db, s.id, {
        username: need(v.username, 'username'),
        clientHash: sha256Hex(v.password ?? need(env.DONOR_PASSWORD, 'password')),
        nickname: v.nickname
      })
      out(`${r.created ? 'created' : 'updated'} donor account ${terminalSafe(v.username ?? '')} (user ${r.userId}) at ${s.code}`)
      break
    }
    case 'certify-alumnus': {
      let openId = v['open-id']
      if (!openId) {
        const u = await db
          .selectFrom('app_user')
          .select('open_id')
          .where('school_id', '=', s.id)
          .where('id', '=', int(v['user-id'], 'user-id'))
          .executeTakeFirst()
        if (!u) throw new Error(`user ${v['user-id']} not found at ${s.code}`)
        openId = u.open_id
      }
      await db
        .insertInto('certified_alumnus')
        .values({ school_id: s.id, open_id: openId, name: v.name ?? '', certified_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['school_id', 'open_id']).doUpdateSet({ name: v.name ?? '' }))
        .execute()
      out(`certified alumnus ${terminalSafe(openId)} at ${s.code}`)
      break
    }
    case 'nameplate':
      await nameplateCommand(
        db,
        s.id,
        { sub: positionals[1], status: v.status, id: v.id, reason: v.reason, limit: v.limit, json: v.json },
        out,
        () => staffId(db, s.id, v)
      )
      break
    default:
      throw new Error(USAGE)
  }
}

// The process entry (`tsx server/src/cli/staff.ts …`); importing this module (the tests) runs nothing.
if (require.main === module) {
  run(async () => {
    const argv = process.argv.slice(2)
    // no command or --help: say how to use it without creating or migrating a database first
    if (wantsHelp(argv)) return console.log(HELP)
    if (!argv.length) throw new Error(USAGE)
    const { db, close, dataDir } = await openMigrated()
    try {
      process.exitCode = await runStaffCli(argv, { db, dataDir, out: (line) => console.log(line), err: (line) => console.error(line) })
    } finally {
      await close()
    }
  })
}
