#!/usr/bin/env node
/**
 * `npm test`: every suite, in order, against real parts (README "Test").
 *   1. server routes through inject on a real SQLite file (and PostgreSQL too when DATABASE_URL is set)
 *   2. app components and pages (jest + @tarojs/test-utils-react preset, rendered as H5)
 *   3. the three targets built when dist/ lacks them, and the builds checked (test/build/: each calls its origin)
 *   4. the compiled mini-programs dist/weapp and dist/alipay run headlessly
 *   5. every journey of test/e2e/journeys.js end to end in Debian Chromium against the server started as README says
 * The demo schools are seeded once per run into a template (server/test/template.ts) that every test app, compiled
 * test server and journey server but the first-start ones copies; the run's templates are removed at the end.
 * Prints each step's time, the whole run's, and one closing line "N passed, N failed" over all tests; exits non-zero
 * if any step fails.
 * Flags: --rebuild forces fresh builds of the three targets; --e2e-only runs step 5 alone (`npm run test:e2e`);
 * SKIP_E2E=1 skips step 5 outside CI.
 */
const { spawn, spawnSync } = require('node:child_process')
const fs = require('node:fs')
const path = require('node:path')

const root = path.resolve(__dirname, '..')
const bin = (n) => path.join(root, 'node_modules', '.bin', n)
const os = require('node:os')
const journeys = require('../test/e2e/journeys')

const rebuild = process.argv.includes('--rebuild')
const e2eOnly = process.argv.includes('--e2e-only')
// one seeded template per run (server/test/template.ts keys it by UPLUS_TEST_RUN)
const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`
process.env.UPLUS_TEST_RUN = runId
// journeys run side by side (E2E_PARALLEL=1 runs them one after another)
const E2E_PARALLEL = Math.max(1, Number(process.env.E2E_PARALLEL) || 2)
// lanes of `npm test`: how many tasks run at once (runAll). Three on the 2-core machine it is measured on: a task
// waits much of its time (a journey on its pages, a build on its disk, a test on its timers), and with one lane a core
// the run used 1.1 cores on average (docs/decisions/065-faster-npm-test.md)
const LANES = Math.max(1, Number(process.env.TEST_LANES) || 3)
// the server suite in this many chunks, so that the lanes share it and the run's tail is short
const SERVER_CHUNKS = 12
const templateDir = path.join(os.tmpdir(), 'uplus-templates', `sqlite-r${runId}`.slice(0, 'sqlite-'.length + 24))
let passed = 0
let failed = 0
const failures = []
const timings = []
const suiteStarted = Date.now()
let cpuTotal = 0

/**
 * spawn() with the CPU seconds (user + system) the process and every descendant it waited for spent, measured by GNU
 * time when the machine has it: on a shared machine wall time says little, and on 2 cores the run's wall time is at
 * least its CPU time over 2 (docs/decisions/065-faster-npm-test.md). `cpu()` answers null where it cannot measure.
 */
const GNU_TIME = '/usr/bin/time'
function spawnTimed(cmd, args, options) {
  if (!fs.existsSync(GNU_TIME)) return { child: spawn(cmd, args, options), cpu: () => null }
  const file = path.join(os.tmpdir(), `uplus-cpu-${process.pid}-${Math.random().toString(36).slice(2)}`)
  const child = spawn(GNU_TIME, ['-q', '-f', '%U %S', '-o', file, cmd, ...args], options)
  return {
    child,
    cpu() {
      try {
        const [user, sys] = fs.readFileSync(file, 'utf8').trim().split(/\s+/).slice(-2).map(Number)
        fs.rmSync(file, { force: true })
        if (!Number.isFinite(user) || !Number.isFinite(sys)) return null
        cpuTotal += user + sys
        return user + sys
      } catch {
        return null
      }
    }
  }
}
/**
 * CPU seconds of this runner and of every process it waited for (the steps, the template's seed): /proc/self/stat's
 * utime, stime, cutime and cstime, in clock ticks of 1/100 s on Linux; null elsewhere.
 */
function runCpu() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // fields[0] is the state, field 3; utime is field 14
    return fields.slice(11, 15).reduce((n, f) => n + Number(f), 0) / 100
  } catch {
    return null
  }
}
const cpuText = (cpu) => (cpu === null ? '' : `, CPU ${cpu.toFixed(1)} s`)

/**
 * Runs one step. `live` streams its output as it comes (one step at a time may); otherwise the output is kept and
 * printed whole when the step ends, so steps running side by side never interleave their lines.
 */
function run(name, cmd, args, env = {}, { live = true } = {}) {
  return new Promise((resolve) => {
    if (live) console.log(`\n=== ${name} ===`)
    const started = Date.now()
    let out = ''
    const { child, cpu } = spawnTimed(cmd, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    child.stdout.on('data', (d) => {
      out += d
      if (live) process.stdout.write(d)
    })
    child.stderr.on('data', (d) => {
      out += d
      if (live) process.stderr.write(d)
    })
    child.on('exit', (code) => {
      const counts = countsOf(out)
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      const used = cpuText(cpu())
      if (!live) process.stdout.write(`\n=== ${name} ===\n${out}`)
      timings.push(`${name}: ${seconds} s${used}, ${counts.passed} passed, ${counts.failed} failed`)
      console.log(`=== ${name}: ${seconds} s${used} ===`)
      passed += counts.passed
      failed += counts.failed
      if (code !== 0) {
        failures.push(name)
        if (counts.failed === 0) failed += 1 // a crash before any test reported
      }
      resolve(code)
    })
  })
}

function countsOf(text) {
  // node --test: "# pass 12" / "# fail 0"; jest: "Tests:  3 failed, 40 passed, 43 total"; e2e: "N passed, N failed"
  const plain = text.replace(/\x1b\[[0-9;]*m/g, '')
  let p = 0
  let f = 0
  for (const m of plain.matchAll(/^# pass (\d+)$/gm)) p += Number(m[1])
  for (const m of plain.matchAll(/^# fail (\d+)$/gm)) f += Number(m[1])
  for (const m of plain.matchAll(/^Tests:\s+(.*)$/gm)) {
    const fm = /(\d+) failed/.exec(m[1])
    const pm = /(\d+) passed/.exec(m[1])
    if (fm) f += Number(fm[1])
    if (pm) p += Number(pm[1])
  }
  for (const m of plain.matchAll(/^e2e: (\d+) passed, (\d+) failed$/gm)) {
    p += Number(m[1])
    f += Number(m[2])
  }
  return { passed: p, failed: f }
}

/** Builds `target` when dist/ lacks it (or --rebuild); the build's output is printed when it ends. */
function ensureBuilt(target) {
  const marker = path.join(root, 'dist', target, target === 'h5' ? 'index.html' : 'app.js')
  if (!rebuild && fs.existsSync(marker)) return Promise.resolve(true)
  return new Promise((resolve) => {
    const started = Date.now()
    let out = ''
    const { child, cpu } = spawnTimed(bin('taro'), ['build', '--type', target], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // mini-program builds need the API origin (config/api-origin.ts): the README's example one, which the compiled
      // tests map to their local server (test/mini/harness.js); the H5 build ignores it and calls its own origin
      // (test/build/build-origin.test.js checks both)
      env: { TARO_APP_API_ORIGIN: 'https://give.example.edu.cn', ...process.env, NODE_ENV: 'production' }
    })
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('exit', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      const used = cpuText(cpu())
      // a passing build's log is webpack's chunk report: its last lines say enough
      const lines = out.split('\n')
      process.stdout.write(`\n=== build ${target} ===\n${(code === 0 ? lines.slice(-6) : lines).join('\n')}\n`)
      console.log(`=== build ${target}: ${seconds} s${used} ===`)
      timings.push(`build ${target}: ${seconds} s${used}`)
      resolve(code === 0 && fs.existsSync(marker))
    })
  })
}

/**
 * The staff console (server/admin/dist), built once before the journeys. Left to the servers the journeys start
 * (scripts/start.js builds it when missing), two journeys starting at once built it into the same folder together,
 * and one of them served a half-emptied folder: its console never showed the sign-in form.
 */
function ensureAdminBuilt() {
  const marker = path.join(root, 'server', 'admin', 'dist', 'index.html')
  if (!rebuild && fs.existsSync(marker)) return Promise.resolve(true)
  const started = Date.now()
  return new Promise((resolve) => {
    const { child, cpu } = spawnTimed(bin('vite'), ['build', '--config', path.join('server', 'admin', 'vite.config.ts')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' }
    })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('exit', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      const used = cpuText(cpu())
      process.stdout.write(`\n=== build admin ===\n${(code === 0 ? out.split('\n').slice(-3) : out.split('\n')).join('\n')}\n`)
      console.log(`=== build admin: ${seconds} s${used} ===`)
      timings.push(`build admin: ${seconds} s${used}`)
      resolve(code === 0 && fs.existsSync(marker))
    })
  })
}

/** Seeds the run's template with README's seed command, when no server test made it first (--e2e-only). */
function ensureTemplate() {
  if (fs.existsSync(path.join(templateDir, 'uplus.db'))) return
  const aside = `${templateDir}.${process.pid}`
  fs.rmSync(aside, { recursive: true, force: true })
  fs.mkdirSync(aside, { recursive: true })
  const r = spawnSync(bin('tsx'), [path.join('server', 'src', 'cli', 'seed.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: aside, DATABASE_URL: '' }
  })
  try {
    if (r.status === 0) fs.renameSync(aside, templateDir)
  } catch {
    // a server test made it first: keep that one
  }
  fs.rmSync(aside, { recursive: true, force: true })
}

async function removeTemplates() {
  fs.rmSync(templateDir, { recursive: true, force: true })
  if (!process.env.DATABASE_URL) return
  const pg = require('pg')
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL })
  try {
    await c.connect()
    await c.query(`drop database if exists uplus_tpl_${`r${runId}`.slice(0, 24).toLowerCase()} with (force)`)
  } catch (e) {
    console.error(`could not drop this run's PostgreSQL template: ${e.message}`)
  } finally {
    await c.end().catch(() => {})
  }
}

/**
 * Whether the journeys can run here: null when they are skipped (SKIP_E2E=1 outside CI) or cannot run (no Chromium,
 * counted as a failure); otherwise the environment their servers start with.
 */
function journeyEnv() {
  if (process.env.SKIP_E2E === '1' && !process.env.CI) {
    console.log('\n=== e2e: skipped (SKIP_E2E=1) ===')
    return null
  }
  if (!fs.existsSync('/usr/bin/chromium')) {
    console.error('\n=== e2e: /usr/bin/chromium is missing: apt-get install -y chromium (or SKIP_E2E=1 outside CI) ===')
    failures.push('e2e (no chromium)')
    failed += 1
    return null
  }
  ensureTemplate()
  // journey servers start from a copy of the template (test/mini/server.js); the browse journey starts on an
  // empty folder as README's first command does
  return fs.existsSync(path.join(templateDir, 'uplus.db')) ? { UPLUS_TEST_TEMPLATE_DIR: templateDir } : {}
}

const journeyStep = (j, env) => () =>
  run(`e2e ${j.name} (Chromium)`, process.execPath, [path.join('test', 'e2e', j.file)], env, { live: false })

/** `npm run test:e2e`: the H5 build when missing, then the journeys, E2E_PARALLEL at a time. */
async function e2e() {
  const env = journeyEnv()
  if (!env) return
  if (!(await ensureBuilt('h5'))) {
    failures.push('build h5')
    failed += 1
    return
  }
  if (!(await ensureAdminBuilt())) {
    failures.push('build admin')
    failed += 1
    return
  }
  const queue = journeys.map((j) => journeyStep(j, env))
  const worker = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) await step()
  }
  await Promise.all(Array.from({ length: E2E_PARALLEL }, worker))
}

/**
 * Server test files in chunks of about equal weight, largest first, so that the last chunks of the run are small ones
 * and the lanes end together. A file's weight stands in for its time: its bytes (its tests) plus an average file's
 * bytes for what every file pays whatever its size (its test app, its data folder).
 */
function serverChunks() {
  const dir = path.join(root, 'server', 'test')
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => ({ file: path.join('server', 'test', f), size: fs.statSync(path.join(dir, f)).size }))
    .sort((x, y) => y.size - x.size)
  const each = files.reduce((n, f) => n + f.size, 0) / Math.max(1, files.length)
  for (const f of files) f.size += each
  const total = files.reduce((n, f) => n + f.size, 0)
  const target = total / SERVER_CHUNKS
  const chunks = []
  let current = []
  let size = 0
  for (const f of files) {
    current.push(f.file)
    size += f.size
    if (size >= target) {
      chunks.push(current)
      current = []
      size = 0
    }
  }
  if (current.length) chunks.push(current)
  return chunks
}

/**
 * Server test files that read a build in dist/ and skip their checks without it (each says so): their chunk waits for
 * that build, so that `npm test` always runs those checks.
 */
const SERVER_NEEDS_BUILD = { 'readme-commands.test.ts': 'build weapp', 'security-h5-csp.test.ts': 'build h5' }

/**
 * The whole suite but the app's jest suite (run before, alone) as tasks that LANES workers take in order, each task the
 * first whose needs are met: the four builds (H5 and the console first, as the journeys need them), the build checks and the compiled
 * mini-programs; the journeys, longest first, once the H5 and console builds are there; then the server suite in
 * chunks (on SQLite, then on PostgreSQL when DATABASE_URL is set), largest first, whose short chunks fill the lanes
 * while the last journeys end. A lane never waits while another still has work it could take, and no task shares its
 * process, data folder, database or port with another, so which lane runs it changes nothing but the time.
 */
async function runAll() {
  const done = new Set()
  const built = new Set()
  const tasks = []
  const add = (name, needs, step) => tasks.push({ name, needs, step })
  const build = (target) =>
    add(`build ${target}`, [], async () => {
      if (await ensureBuilt(target)) built.add(target)
      else {
        failures.push(`build ${target}`)
        failed += 1
      }
    })
  build('h5')
  add('build admin', [], async () => {
    if (!(await ensureAdminBuilt())) {
      failures.push('build admin')
      failed += 1
    }
  })
  build('weapp')
  build('alipay')
  add('origins', ['build h5', 'build weapp', 'build alipay'], () =>
    // a glob, not the folder: from Node 22 `node --test <dir>` loads the folder as a module (docs/decisions/053)
    run('builds (origins)', process.execPath, ['--test', 'test/build/*.test.js'], {}, { live: false })
  )
  const miniEnv = fs.existsSync(path.join(templateDir, 'uplus.db')) ? { UPLUS_TEST_TEMPLATE_DIR: templateDir } : {}
  for (const target of ['weapp', 'alipay']) {
    add(`mini ${target}`, [`build ${target}`], async () => {
      if (!built.has(target)) return
      await run(
        `mini-program ${target} (compiled output)`,
        bin('jest'),
        ['--ci', '-c', 'jest.mini.config.js'],
        { SIM_PLATFORM: target, ...miniEnv },
        { live: false }
      )
    })
  }
  const env = journeyEnv()
  if (env) {
    for (const j of journeys) {
      add(`e2e ${j.file}`, ['build h5', 'build admin'], async () => {
        if (built.has('h5')) await journeyStep(j, env)()
      })
    }
  }
  const databases = [['SQLite', { DATABASE_URL: '' }]]
  if (process.env.DATABASE_URL) databases.push(['PostgreSQL', {}])
  for (const [label, env] of databases) {
    const chunks = serverChunks()
    chunks.forEach((files, i) => {
      const needs = [...new Set(files.map((f) => SERVER_NEEDS_BUILD[path.basename(f)]).filter(Boolean))]
      add(`server ${label} ${i + 1}`, needs, () =>
        run(
          `server (${label}) ${i + 1}/${chunks.length}: ${files.map((f) => path.basename(f, '.test.ts')).join(', ')}`,
          bin('tsx'),
          // the chunk's files in one process, one after another, instead of a process each: each file's process
          // loaded the server's modules through tsx again, about 1.4 s of CPU a file (docs/decisions/065)
          ['--test', '--experimental-test-isolation=none', ...files],
          env,
          { live: false }
        )
      )
    })
  }
  let wake = () => {}
  const lane = async () => {
    for (;;) {
      const i = tasks.findIndex((t) => t.needs.every((n) => done.has(n)))
      if (i === -1) {
        if (!tasks.length) return
        // everything left waits on a task another lane is running
        await new Promise((resolve) => {
          const previous = wake
          wake = () => {
            previous()
            resolve()
          }
        })
        continue
      }
      const [task] = tasks.splice(i, 1)
      await task.step()
      done.add(task.name)
      const w = wake
      wake = () => {}
      w()
    }
  }
  await Promise.all(Array.from({ length: LANES }, lane))
}

function summary() {
  console.log('\nsteps:')
  for (const t of timings) console.log(`  ${t}`)
  const all = runCpu()
  console.log(
    `  whole run: ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s` +
      (all === null ? '' : `, CPU ${all.toFixed(1)} s (the steps ${cpuTotal.toFixed(1)} s)`)
  )
  console.log('\n' + (failures.length ? `failed steps: ${failures.join(', ')}` : 'all steps passed'))
  console.log(`${passed} passed, ${failed} failed`)
}

;(async () => {
  try {
    if (e2eOnly) {
      await e2e()
      return
    }
    // the demo schools seeded once, with README's seed command, before anything that copies them
    ensureTemplate()
    // the app suite first and alone, on both cores: its map pages wait on canvas and image loads, and beside the
    // builds and journeys of three lanes they outlived their waits (six failures in one CI run, none alone; decision 065)
    await run('app (jest)', bin('jest'), ['--ci', '--maxWorkers=2'], {}, { live: false })
    await runAll()
  } finally {
    await removeTemplates()
    summary()
  }
  process.exit(failures.length ? 1 : 0)
})()
