/**
 * The job worker process (server/src/jobs/main.ts) as scripts/start.js and README's "Running several processes" run
 * it: it must keep running while idle. Its poll timer is unref'd, and on SQLite nothing else holds the event loop,
 * so it once went idle, exited with code 0 and was restarted by start.js every 5 s.
 */
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { schedulingPolicy } from '../src/jobs/priority'
import { PERF_ON } from '../src/perf/switch'

const root = path.resolve(__dirname, '..', '..')
const tsx = path.join(root, 'node_modules', '.bin', 'tsx')

describe('job worker process', () => {
  it('stays up while idle and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'uplus-worker-'))
    const child = spawn(tsx, [path.join(root, 'server', 'src', 'jobs', 'main.ts')], {
      cwd: root,
      // SQLite: the case where nothing else holds the loop (a PostgreSQL pool's sockets would)
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let log = ''
    child.stdout.on('data', (d) => (log += d))
    child.stderr.on('data', (d) => (log += d))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    try {
      const deadline = Date.now() + 300_000
      while (!log.includes('uplus job worker running')) {
        assert.equal(child.exitCode, null, `the worker exited before it was running:\n${log}`)
        assert.ok(Date.now() < deadline, `the worker did not start:\n${log}`)
        await new Promise((r) => setTimeout(r, 200))
      }
      // it gives way to requests: SCHED_IDLE where chrt (util-linux) can set it, on every thread
      const m = /pid (\d+), priority: (\w+)/.exec(log)
      assert.ok(m, `the worker names its pid and priority:\n${log}`)
      const pid = Number(m[1])
      if (!PERF_ON) {
        // PERF_MACHINERY=off (perf/README.md): the worker keeps the normal policy (SCHED_OTHER, 0) on every thread
        assert.equal(m[2], 'normal')
        for (const tid of readdirSync(`/proc/${pid}/task`)) assert.equal(schedulingPolicy(Number(tid)), 0, `thread ${tid}`)
      } else if (spawnSync('chrt', ['--version']).status === 0) {
        assert.equal(m[2], 'idle')
        const threads = readdirSync(`/proc/${pid}/task`)
        assert.ok(threads.length > 1)
        for (const tid of threads) assert.equal(schedulingPolicy(Number(tid)), 5, `thread ${tid} runs SCHED_IDLE`)
      } else assert.equal(m[2], 'nice')
      // several poll intervals (1 s) with nothing to do
      await new Promise((r) => setTimeout(r, 5000))
      assert.equal(child.exitCode, null, `the idle worker exited:\n${log}`)
      // the signal goes to the worker itself: tsx, the wrapper, gives a child 30 ms to acknowledge a relayed signal
      // and then kills it, and an idle-priority worker on a busy machine may not run within 30 ms
      process.kill(pid, 'SIGTERM')
      assert.equal(await exited, 0)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
