#!/usr/bin/env node
/**
 * Browse-path benchmark. Starts, in one run, the real server as README says (tsx server/src/main.ts on a
 * fresh DATA_DIR: SQLite, or PostgreSQL with DATABASE_URL, logger on at LOG_LEVEL info) and a bare Fastify app with
 * one JSON route (bench/lib/bare-server.js, started the same way: a tsx child of the same Node, loopback). One
 * keep-alive client in this process sends signed GETs (a fresh nonce and signature per request, to the bare route
 * too) of itemsList, itemsDetail and the donor directory (donateRecordPage) and prints for each requests/s, p50/p99
 * and the ratio to the bare route. Calls are measured in rounds, interleaved with the bare route, and each figure is
 * the median of the rounds, so load from other processes falls on all of them alike. Beside the ratio it prints the
 * server's CPU time per request (user + system from /proc/<pid>/stat of the server's process tree, the tsx child
 * included), which other processes' load barely moves.
 *
 * Usage: node bench/browse.js [requestsPerCall=3000] [concurrency=16] [rounds=3]
 *   --profile DIR   run the server under `node --cpu-prof` and write its profile to DIR (bench/profile-summary.js)
 */
const fs = require('node:fs')
const path = require('node:path')
const { startServer, signedHeaders } = require('../test/mini/server')
const { load, machineLoad } = require('./lib/load')

const args = process.argv.slice(2)
const profileAt = args.indexOf('--profile')
const profileDir = profileAt >= 0 ? path.resolve(args.splice(profileAt, 2)[1]) : null
const N = Number(args[0] || 3000)
const C = Number(args[1] || 16)
const ROUNDS = Number(args[2] || 3)
const P = '/uplus-foundation/app/v1/donateu'
const root = path.resolve(__dirname, '..')
const tsx = path.join(root, 'node_modules', '.bin', 'tsx')
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const { execSync } = require('node:child_process')
const TICK_US = 1e6 / Number(execSync('getconf CLK_TCK').toString().trim() || 100)

/** the pid and every descendant's (tsx runs the server in a child node process) */
function processTree(pid) {
  const kids = execSync(`ps -o pid= --ppid ${pid} || true`).toString().split(/\s+/).filter(Boolean).map(Number)
  return [pid, ...kids.flatMap(processTree)]
}

/** CPU time (user + system, microseconds) the processes have used so far, from /proc/<pid>/stat */
function cpuUs(pids) {
  let ticks = 0
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      ticks += Number(f[11]) + Number(f[12]) // utime, stime (fields 14 and 15)
    } catch {
      /* gone */
    }
  }
  return ticks * TICK_US
}

;(async () => {
  let command
  if (profileDir) {
    fs.mkdirSync(profileDir, { recursive: true })
    command = [process.execPath, '--cpu-prof', '--cpu-prof-dir', profileDir, '--import', 'tsx', path.join(root, 'server', 'src', 'main.ts')]
  }
  const server = await startServer({ env: { DATABASE_URL: process.env.DATABASE_URL || '' }, command, startTimeoutMs: 600000 })
  const bare = await startServer({ command: [tsx, path.join(__dirname, 'lib', 'bare-server.js')], startTimeoutMs: 600000 })
  try {
    const { school } = await (await fetch(`${server.origin}/config/index.json`)).json()
    const cfg = await (await fetch(`${server.origin}/config/${school}/index.json`)).json()
    const base = server.origin + cfg.api
    const list = await (
      await fetch(`${base}${P}/items/itemsList?limit=10&offset=0&lang=zh_CN`, { headers: signedHeaders(cfg.signKey) })
    ).json()
    const id = list.data.rows[0].id
    const targets = [
      ['bare Fastify route', `${bare.origin}/bare`],
      ['itemsList', `${base}${P}/items/itemsList?limit=10&offset=0&lang=zh_CN`],
      ['itemsDetail', `${base}${P}/items/itemsDetail?id=${id}&lang=zh_CN`],
      ['donateRecordPage', `${base}${P}/index/donateRecordPage?limit=20&offset=0&lang=zh_CN`]
    ]
    console.log(
      `browse bench: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${N} requests per call and round, concurrency ${C}, ` +
        `${ROUNDS} rounds (median), ${machineLoad()}`
    )
    // warm-up: JIT, statement caches, the first page of each call
    for (const [, url] of targets) await load({ total: 300, concurrency: C, make: () => ({ url, headers: signedHeaders(cfg.signKey) }) })
    // server CPU per request: the bare route's process tree for it, ours for the others; it barely moves with the
    // load other processes put on the machine, unlike requests/s
    const trees = [processTree(bare.pid), processTree(server.pid)]
    const runs = targets.map(() => [])
    for (let r = 0; r < ROUNDS; r++) {
      for (let i = 0; i < targets.length; i++) {
        const url = targets[i][1]
        const pids = trees[i === 0 ? 0 : 1]
        const cpu0 = cpuUs(pids)
        const run = await load({ total: N, concurrency: C, make: () => ({ url, headers: signedHeaders(cfg.signKey) }) })
        runs[i].push({ ...run, cpuUs: (cpuUs(pids) - cpu0) / N })
      }
    }
    const bareRps = median(runs[0].map((x) => x.rps))
    const bareCpu = median(runs[0].map((x) => x.cpuUs))
    console.log('call                  req/s   ratio   p50 ms  p99 ms  errors  server CPU us/req  CPU ratio')
    let worst = Infinity
    targets.forEach(([name], i) => {
      const rps = median(runs[i].map((x) => x.rps))
      const ratio = rps / bareRps
      if (i > 0) worst = Math.min(worst, ratio)
      const p50 = median(runs[i].map((x) => x.p50))
      const p99 = median(runs[i].map((x) => x.p99))
      const errors = runs[i].reduce((a, x) => a + x.errors, 0)
      const cpu = median(runs[i].map((x) => x.cpuUs))
      console.log(
        `${name.padEnd(20)}  ${rps.toFixed(0).padStart(6)}  ${ratio.toFixed(2).padStart(6)}  ${p50.toFixed(2).padStart(7)}  ${p99.toFixed(2).padStart(6)}  ${String(errors).padStart(6)}  ${cpu.toFixed(0).padStart(17)}  ${(bareCpu / cpu).toFixed(2).padStart(9)}`
      )
    })
    console.log(`lowest ratio to the bare route: ${worst.toFixed(2)} (goal 0.6); after the run: ${machineLoad()}`)
    console.log("CPU ratio = the bare route's server CPU per request / this call's (1 / relative cost, load-independent)")
    // tsx runs the server in a child node process: sum the wrapper and its children
    const out = execSync(`ps -o rss= --pid ${server.pid} --ppid ${server.pid} || true`).toString()
    const kb = out
      .split(/\s+/)
      .filter(Boolean)
      .reduce((a, b) => a + Number(b), 0)
    console.log(`server RSS after the run: ${(kb / 1024).toFixed(0)} MB (tsx wrapper + server process)`)
  } finally {
    await bare.stop()
    await server.stop()
    if (profileDir) console.log(`CPU profile of the server in ${profileDir}: node bench/profile-summary.js ${profileDir}/*.cpuprofile`)
  }
})().catch((err) => {
  console.error(err)
  process.exit(1)
})
