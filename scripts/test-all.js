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
// server test files at a time: one, since the app lane runs beside them (SERVER_TEST_CONCURRENCY=2 on a bigger machine)
const SERVER_CONCURRENCY = Math.max(1, Number(process.env.SERVER_TEST_CONCURRENCY) || 1)
const E2E_PARALLEL = Math.max(1, Number(process.env.E2E_PARALLEL) || 2)
const templateDir = path.join(os.tmpdir(), 'uplus-templates', `sqlite-r${runId}`.slice(0, 'sqlite-'.length + 24))
let passed = 0
let failed = 0
const failures = []
const timings = []
const suiteStarted = Date.now()

/**
 * Runs one step. `live` streams its output as it comes (one step at a time may); otherwise the output is kept and
 * printed whole when the step ends, so steps running side by side never interleave their lines.
 */
function run(name, cmd, args, env = {}, { live = true } = {}) {
  return new Promise((resolve) => {
    if (live) console.log(`\n=== ${name} ===`)
    const started = Date.now()
    let out = ''
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
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
      if (!live) process.stdout.write(`\n=== ${name} ===\n${out}`)
      timings.push(`${name}: ${seconds} s, ${counts.passed} passed, ${counts.failed} failed`)
      console.log(`=== ${name}: ${seconds} s ===`)
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
    const child = spawn(bin('taro'), ['build', '--type', target], {
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
      // a passing build's log is webpack's chunk report: its last lines say enough
      const lines = out.split('\n')
      process.stdout.write(`\n=== build ${target} ===\n${(code === 0 ? lines.slice(-6) : lines).join('\n')}\n`)
      console.log(`=== build ${target}: ${seconds} s ===`)
      timings.push(`build ${target}: ${seconds} s`)
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

async function e2e() {
  const chromium = fs.existsSync('/usr/bin/chromium')
  if (process.env.SKIP_E2E === '1' && !process.env.CI) {
    console.log('\n=== e2e: skipped (SKIP_E2E=1) ===')
  } else if (!chromium) {
    console.error('\n=== e2e: /usr/bin/chromium is missing: apt-get install -y chromium (or SKIP_E2E=1 outside CI) ===')
    failures.push('e2e (no chromium)')
    failed += 1
  } else if (!(await ensureBuilt('h5'))) {
    failures.push('build h5')
    failed += 1
  } else {
    ensureTemplate()
    // journey servers start from a copy of the template (test/mini/server.js); the browse journey starts on an
    // empty folder as README's first command does
    const env = fs.existsSync(path.join(templateDir, 'uplus.db')) ? { UPLUS_TEST_TEMPLATE_DIR: templateDir } : {}
    // Two journeys at a time, one per core: each has its own server, port, data folder and browser, and waits on
    // conditions rather than fixed times (test/e2e/harness.js settle), so a busier machine only makes it slower
    const queue = [...journeys]
    const worker = async () => {
      for (let j = queue.shift(); j; j = queue.shift())
        await run(`e2e ${j.name} (Chromium)`, process.execPath, [path.join('test', 'e2e', j.file)], env, { live: false })
    }
    await Promise.all(Array.from({ length: E2E_PARALLEL }, worker))
  }
}

function summary() {
  console.log('\nsteps:')
  for (const t of timings) console.log(`  ${t}`)
  console.log(`  whole run: ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s`)
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
    const serverFiles = fs
      .readdirSync(path.join(root, 'server', 'test'))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => path.join('server', 'test', f))
    // Two lanes side by side, one per core: the server suite (its output live), and the app's jest suite, the builds
    // and the compiled mini-programs (each printed whole when it ends). Every step is as separate as before: its own
    // process, data folders and databases.
    const serverLane = async () => {
      // each test file is its own process with its own data folder and database
      await run('server (SQLite)', bin('tsx'), ['--test', `--test-concurrency=${SERVER_CONCURRENCY}`, ...serverFiles], { DATABASE_URL: '' })
      if (process.env.DATABASE_URL) {
        await run('server (PostgreSQL)', bin('tsx'), ['--test', `--test-concurrency=${SERVER_CONCURRENCY}`, ...serverFiles])
      }
    }
    const appLane = async () => {
      await run('app (jest)', bin('jest'), ['--ci', '--maxWorkers=1'], {}, { live: false })
      const built = []
      for (const target of ['weapp', 'alipay', 'h5']) {
        if (await ensureBuilt(target)) built.push(target)
        else {
          failures.push(`build ${target}`)
          failed += 1
        }
      }
      await run('builds (origins)', process.execPath, ['--test', path.join('test', 'build')], {}, { live: false })
      const miniEnv = fs.existsSync(path.join(templateDir, 'uplus.db')) ? { UPLUS_TEST_TEMPLATE_DIR: templateDir } : {}
      for (const target of ['weapp', 'alipay'].filter((t) => built.includes(t))) {
        await run(
          `mini-program ${target} (compiled output)`,
          bin('jest'),
          ['--ci', '-c', 'jest.mini.config.js'],
          { SIM_PLATFORM: target, ...miniEnv },
          { live: false }
        )
      }
    }
    await Promise.all([serverLane(), appLane()])
    await e2e()
  } finally {
    await removeTemplates()
    summary()
  }
  process.exit(failures.length ? 1 : 0)
})()
