#!/usr/bin/env node
// `npm start`: build the H5 app if it is not built yet, then run the API server, which serves the app at /,
// the runtime config and the APIs (PORT, HOST, DATA_DIR, DATABASE_URL: README "Configuration").
const { spawnSync, spawn } = require('node:child_process')
const fs = require('node:fs')
const path = require('node:path')

const root = path.resolve(__dirname, '..')
const h5Index = path.join(root, 'dist', 'h5', 'index.html')

if (!fs.existsSync(h5Index)) {
  console.log('[start] dist/h5 not found: building the H5 app once (about a minute)…')
  const r = spawnSync('npx', ['taro', 'build', '--type', 'h5'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' }
  })
  if (r.status !== 0 || !fs.existsSync(h5Index)) {
    console.error('[start] the H5 build failed; see the output above')
    process.exit(1)
  }
}

// the staff console (/admin/, decision 020): built once with Vite when server/admin/dist is missing
const adminIndex = path.join(root, 'server', 'admin', 'dist', 'index.html')
if (!fs.existsSync(adminIndex)) {
  console.log('[start] server/admin/dist not found: building the staff console once…')
  const r = spawnSync(
    path.join(root, 'node_modules', '.bin', 'vite'),
    ['build', '--config', path.join(root, 'server', 'admin', 'vite.config.ts')],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' }
    }
  )
  if (r.status !== 0 || !fs.existsSync(adminIndex)) {
    console.error('[start] the console build failed; see the output above')
    process.exit(1)
  }
}

// Production shape (docs/decisions/022-performance.md): the API process runs no jobs (JOBS_ENABLED=0) and one job
// worker process (server/src/jobs/main.ts) renders certificates and runs reconciliation beside it, on CPU that
// requests leave idle (jobs/priority.ts), so an image never holds up a request. START_WORKER=0 starts the API alone (the worker runs elsewhere;
// JOBS_ENABLED=1 then makes the API run jobs itself, as before).
const withWorker = process.env.START_WORKER !== '0'
const tsx = path.join(root, 'node_modules', '.bin', 'tsx')
let stopping = false
function spawnServer(file, env) {
  return spawn(tsx, [path.join(root, 'server', 'src', ...file)], { cwd: root, stdio: 'inherit', env })
}
const api = spawnServer(['main.ts'], { ...process.env, JOBS_ENABLED: withWorker ? '0' : (process.env.JOBS_ENABLED ?? '1') })
let worker = null
// The API's exit is ours, and takes the worker with it.
api.on('exit', (code, signal) => {
  if (!signal && code !== 0) console.error(`[start] API server exited with code ${code}`)
  stopping = true
  if (worker && worker.exitCode === null) worker.kill('SIGTERM')
  process.exitCode = code ?? 0
})

// The worker starts once the API answers, so the two never migrate a fresh database at the same time (both would
// create the same tables). A worker that dies is started again after a pause: rendering certificates must never take
// the donor API down with it.
function startWorker() {
  if (stopping) return
  worker = spawnServer(['jobs', 'main.ts'], { ...process.env, JOBS_ENABLED: '1' })
  worker.on('exit', (code, signal) => {
    if (stopping) return
    console.error(`[start] job worker stopped (${signal ?? `code ${code}`}); starting it again in 5 s`)
    setTimeout(startWorker, 5000).unref()
  })
  // the worker lowers its own priority once started (server/src/jobs/priority.ts: SCHED_IDLE, else nice 10)
}
async function whenApiAnswers() {
  const host = process.env.HOST && process.env.HOST !== '0.0.0.0' && process.env.HOST !== '::' ? process.env.HOST : '127.0.0.1'
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${Number(process.env.PORT ?? 3000)}/config/index.json`
  while (!stopping) {
    try {
      await fetch(url)
      return true
    } catch {
      await new Promise((r) => setTimeout(r, 300))
    }
  }
  return false
}
if (withWorker) void whenApiAnswers().then((up) => up && startWorker())
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    stopping = true
    for (const c of [api, worker]) if (c && c.exitCode === null) c.kill(sig)
  })
