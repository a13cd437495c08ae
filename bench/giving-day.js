#!/usr/bin/env node
/**
 * Giving-day benchmark (docs/decisions/076-postgresql-at-the-peak.md): the day's peak as production runs it on
 * PostgreSQL. A scratch database on 127.0.0.1:5432 (or DATABASE_URL), seeded as README says (cli/seed.ts); two API
 * processes (scripts/start.js's shape: JOBS_ENABLED=0) on that one database with Redis as their shared store
 * (REDIS_URL, default redis://127.0.0.1:6379/0, a key prefix of this run's own), plus one job worker process on idle
 * CPU. A giving day open now over the scholarship project, with a 1:1 match (1 fen matched per fen given) whose cap
 * is half of what the bench will give, so the cap is reached mid-run and one gift takes a partial share, and a
 * challenge unlocked by half of the bench's donors. Every donor answers the form's class-year field.
 *
 * Donors give at rising concurrency: each paid gift is a signed `donate` on one API process and the sandbox
 * cashier's `sandbox/notify` on the other (a load balancer need not send both to one process), one donor per pair
 * at a time. Prints paid gifts/s and p50/p99 per level, then checks, to the fen: the match used exactly
 * min(cap, given) and its records add up to it, the challenge unlocked exactly once, the day's gift rows, and the
 * public totals (givingDay/detail: raised, donors, matched, the class-year board) equal to what the bench paid. Exit
 * code 1 when a check fails.
 *
 * Usage: node bench/giving-day.js [giftsPerLevel=1000] [--levels 16,64] [--donors 200]
 */
const { spawn, spawnSync } = require('node:child_process')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const http = require('node:http')
const pg = require('pg')
const { startServer, signedHeaders } = require('../test/mini/server')
const { load, request, machineLoad } = require('./lib/load')

const args = process.argv.slice(2)
const flag = (name, fallback) => {
  const i = args.indexOf(name)
  if (i < 0) return fallback
  const [, v] = args.splice(i, 2)
  return v
}
const LEVELS = flag('--levels', '16,64').split(',').map(Number)
const DONORS = Number(flag('--donors', '200'))
const N = Number(args[0] || 1000)
const P = '/uplus-foundation/app/v1/donateu'
const root = path.resolve(__dirname, '..')
const tsx = path.join(root, 'node_modules', '.bin', 'tsx')
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379/0'
const YEARS = 7

const yuan = (f) => `${Math.floor(f / 100)}.${String(f % 100).padStart(2, '0')}`
function fen(text) {
  const [w, f = ''] = String(text).split('.')
  return Number(w) * 100 + Number(f.padEnd(2, '0'))
}
/** gift i's amount in fen: 20.00 yuan plus odd fen, so shares and sums are never round */
const amountOf = (i) => 2000 + (i % 997) * 37 + (i % 13)

async function scratchPostgres() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, drop: async () => undefined }
  const admin = 'postgres://postgres@127.0.0.1:5432/postgres'
  const name = `uplus_gdbench_${process.pid}_${Date.now()}`
  const c = new pg.Client({ connectionString: admin })
  await c.connect()
  await c.query(`create database ${name}`)
  await c.end()
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    async drop() {
      const d = new pg.Client({ connectionString: admin })
      await d.connect()
      await d.query(`drop database if exists ${name} with (force)`)
      await d.end()
    }
  }
}

;(async () => {
  console.log(
    `giving-day bench: ${N} paid gifts per level at ${LEVELS.join(' / ')} donors at once, ${DONORS} donors, two API processes on one ` +
      `PostgreSQL, Redis as the shared store, ${machineLoad()}`
  )
  const scratch = await scratchPostgres()
  const env = {
    DATABASE_URL: scratch.url,
    REDIS_URL,
    REDIS_PREFIX: `gdbench${process.pid}:`,
    ORDER_RATE_PER_USER: '1000000',
    ORDER_RATE_PER_IP: '1000000',
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: '0'
  }
  const servers = []
  let worker = null
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 })
  const db = new pg.Client({ connectionString: scratch.url })
  let ok = true
  try {
    const seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uplus-gdbench-seed-'))
    const seeded = spawnSync(tsx, [path.join(root, 'server', 'src', 'cli', 'seed.ts')], {
      cwd: root,
      env: { ...process.env, ...env, DATA_DIR: seedDir },
      encoding: 'utf8'
    })
    fs.rmSync(seedDir, { recursive: true, force: true })
    if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stdout}${seeded.stderr}`)
    for (let i = 0; i < 2; i++) servers.push(await startServer({ env, startTimeoutMs: 600000 }))
    worker = spawn(tsx, [path.join(root, 'server', 'src', 'jobs', 'main.ts')], {
      cwd: root,
      env: { ...process.env, ...env, JOBS_ENABLED: '1', DATA_DIR: servers[0].dataDir },
      stdio: 'ignore'
    })
    await db.connect()

    const { school } = await (await fetch(`${servers[0].origin}/config/index.json`)).json()
    const cfg = await (await fetch(`${servers[0].origin}/config/${school}/index.json`)).json()
    const bases = servers.map((s) => s.origin + cfg.api)
    const headers = (token) => ({
      ...signedHeaders(cfg.signKey),
      'content-type': 'application/json',
      ...(token ? { authorization: token } : {})
    })
    const get = async (k, p, token) => {
      const r = await request(agent, `${bases[k]}${p}${p.includes('?') ? '&' : '?'}lang=zh_CN`, { headers: headers(token) })
      const body = JSON.parse(r.text)
      if (body.code !== 0) throw new Error(`${p}: ${body.code} ${body.message}`)
      return body.data
    }
    const post = async (k, p, payload, token) =>
      JSON.parse((await request(agent, `${bases[k]}${p}`, { method: 'POST', headers: headers(token), body: JSON.stringify(payload) })).text)

    const list = await get(0, `${P}/items/itemsList?limit=10&offset=0&s=${encodeURIComponent('励志奖学金')}`)
    const itemsId = list.rows[0].id
    const total = N * LEVELS.length
    let plannedFen = 0
    for (let i = 0; i < total; i++) plannedFen += amountOf(i)
    const capFen = Math.floor(plannedFen / 2)
    const challengeTarget = Math.max(1, Math.floor(DONORS / 2))

    // the day, its match and its challenge, as the staff console writes them (routes/staff/giving-days.ts), open now
    const { rows: schools } = await db.query('select id from school where code = $1', [school])
    const sid = schools[0].id
    const now = Date.now()
    const startsAt = new Date(now - 3600_000).toISOString()
    const endsAt = new Date(now + 6 * 3600_000).toISOString()
    const stamp = new Date(now).toISOString()
    const day = (
      await db.query(
        `insert into giving_day (school_id, title, title_en, starts_at, ends_at, goal_fen, participation_goal, projects, created_at, updated_at)
         values ($1, '压测捐赠日', 'Bench Giving Day', $2, $3, $4, $5, $6, $7, $7) returning id`,
        [sid, startsAt, endsAt, plannedFen, DONORS, JSON.stringify([itemsId]), stamp]
      )
    ).rows[0].id
    const match = (
      await db.query(
        `insert into giving_day_match (school_id, giving_day_id, sponsor, sponsor_en, kind, rate_fen, cap_fen, used_fen, starts_at, ends_at,
           projects, class_years, colleges, created_at, updated_at)
         values ($1, $2, '压测配捐方', 'Bench sponsor', 'per_yuan', 100, $3, 0, $4, $5, '[]', '[]', '[]', $6, $6) returning id`,
        [sid, day, capFen, startsAt, endsAt, stamp]
      )
    ).rows[0].id
    const challenge = (
      await db.query(
        `insert into giving_day_challenge (school_id, giving_day_id, sponsor, sponsor_en, kind, target, reward_fen, starts_at, ends_at,
           donors, raised_fen, created_at, updated_at)
         values ($1, $2, '压测挑战方', 'Bench challenger', 'donors', $3, 1000000, $4, $5, 0, 0, $6, $6) returning id`,
        [sid, day, challengeTarget, startsAt, endsAt, stamp]
      )
    ).rows[0].id

    const donors = []
    let version = null
    for (let i = 0; i < DONORS; i++) {
      const token = (await get(i % 2, `/uplus-system/app/v1/user/getAuthToken?billType=2&code=gd-bench-donor-${i}`)).token
      // what the app's consent prompt sends before the first form with personal data (decision 041)
      version ??= (await get(0, `${P}/privacy/status`, token)).version
      const agreed = await post(i % 2, `${P}/privacy/consent`, { version }, token)
      if (agreed.code !== 0) throw new Error(`privacy consent: ${agreed.code} ${agreed.message}`)
      donors.push({ i, token })
    }

    let seq = 0
    let sumFen = 0
    let paid = 0
    const byYear = new Map()
    const gave = new Set()
    const failures = new Map()
    const fail = (what) => {
      failures.set(what, (failures.get(what) ?? 0) + 1)
      return false
    }
    const levels = []
    for (const c of LEVELS) {
      // a donor is never in two pairs at once (a second donate would replace their unpaid order)
      const free = [...donors]
      const r = await load({
        total: N,
        concurrency: c,
        run: async () => {
          const i = seq++
          const donor = free.splice(Math.floor(Math.random() * free.length), 1)[0]
          const year = String(2000 + (donor.i % YEARS))
          const amountFen = amountOf(i)
          try {
            const d = await post(
              i % 2,
              `${P}/items/donate`,
              {
                currency: 'CNY',
                payType: 1,
                currencyMoney: yuan(amountFen),
                itemsId,
                itemsType: 1,
                isAnonymous: 0,
                donateFrom: 'U1',
                formDataMap: { name: `校友${donor.i}`, mobile: '86-13800138000', isAlumni: '0', classYear: year },
                isAgree: 1
              },
              donor.token
            )
            if (d.code !== 0) return fail(`donate ${d.code} ${d.message}`)
            const n = await post((i + 1) % 2, '/sandbox/notify', {
              billNo: d.data.orderPayRequestDTO.billNo,
              outcome: 'paid',
              payToken: d.data.payToken
            })
            if (n.code !== 0 || n.data.status !== 'applied') return fail(`notify ${n.code} ${n.code === 0 ? n.data.status : n.message}`)
            sumFen += amountFen
            paid++
            byYear.set(year, (byYear.get(year) ?? 0) + amountFen)
            gave.add(donor.i)
            return true
          } finally {
            free.push(donor)
          }
        }
      })
      levels.push({ c, ...r })
    }

    console.log('concurrency | paid gifts/s  p50 ms  p99 ms  err')
    for (const l of levels)
      console.log(
        `${String(l.c).padStart(11)} | ${l.rps.toFixed(1).padStart(12)}  ${l.p50.toFixed(1).padStart(6)}  ${l.p99.toFixed(1).padStart(6)}  ${String(l.errors).padStart(3)}`
      )
    for (const [what, count] of failures) console.log(`  ${count}x ${what}`)

    const m = (await db.query('select used_fen, cap_fen from giving_day_match where id = $1', [match])).rows[0]
    const records = (
      await db.query(
        'select count(*)::int as n, coalesce(sum(matched_fen), 0)::bigint as fen from giving_day_match_record where match_id = $1',
        [match]
      )
    ).rows[0]
    const ch = (
      await db.query('select donors, raised_fen, unlocked_at, unlocked_donation_id from giving_day_challenge where id = $1', [challenge])
    ).rows[0]
    const gifts = (await db.query('select count(*)::int as n from giving_day_gift where giving_day_id = $1', [day])).rows[0]
    // the public totals are read-cached for 1 s (decision 026)
    await new Promise((r) => setTimeout(r, 1200))
    const pub = await get(1, `${P}/givingDay/detail?id=${day}`)
    const boardFen = pub.classYearsByMoney.reduce((s, r) => s + fen(r.raised), 0)
    const expectedMatch = Math.min(capFen, sumFen)
    const checks = [
      ['every gift of the bench was paid', paid, total],
      ['match used = min(cap, given), to the fen', Number(m.used_fen), expectedMatch],
      ["the match's records add up to its used amount", Number(records.fen), expectedMatch],
      ['one gift row in the day per paid gift', gifts.n, paid],
      ['challenge donors = the donors who gave', Number(ch.donors), gave.size],
      ['challenge raised = the sum given', Number(ch.raised_fen), sumFen],
      [
        'challenge unlocked once, by one of the gifts',
        ch.unlocked_at !== null && ch.unlocked_donation_id !== null ? 1 : 0,
        gave.size >= challengeTarget ? 1 : 0
      ],
      ['public raised (givingDay/detail)', fen(pub.raised), sumFen],
      ['public donors', pub.donors, gave.size],
      ['public matched', fen(pub.matched), expectedMatch],
      ['class-year board adds up to the day', boardFen, sumFen],
      ['each class year to the fen', pub.classYearsByMoney.filter((r) => fen(r.raised) === byYear.get(r.classYear)).length, byYear.size]
    ]
    const best = Math.max(...levels.map((l) => l.rps))
    console.log(
      `best ${best.toFixed(0)} paid gifts/s; ${paid} gifts, ${yuan(sumFen)} yuan given, ${yuan(Number(m.used_fen))} matched of a ${yuan(capFen)} cap, ` +
        `${records.n} match records, challenge at ${challengeTarget} donors ${ch.unlocked_at ? 'unlocked' : 'locked'}`
    )
    for (const [what, got, want] of checks) {
      const pass = got === want
      ok = ok && pass
      console.log(`  ${pass ? 'OK  ' : 'FAIL'} ${what}: ${got} (expected ${want})`)
    }
  } finally {
    agent.destroy()
    await db.end().catch(() => undefined)
    if (worker && worker.exitCode === null) {
      worker.kill('SIGTERM')
      await new Promise((r) => {
        worker.on('exit', r)
        setTimeout(r, 5000)
      })
    }
    for (const s of servers) await s.stop()
    await scratch.drop()
  }
  console.log(`after the run: ${machineLoad()}`)
  if (!ok) process.exitCode = 1
})().catch((err) => {
  console.error(err)
  process.exit(1)
})
