/**
 * Starts the real API server (as README says: tsx server/src/main.ts) on a free port with a fresh DATA_DIR, so the
 * compiled mini-programs and the browser talk to our own server and its seeded database, not to mocks. Under
 * `npm test` the DATA_DIR starts as a copy of the run's seeded template (UPLUS_TEST_TEMPLATE_DIR, scripts/test-all.js)
 * instead of seeding the demo schools again; `fresh: true` starts on an empty folder, as README's first start does.
 */
const { spawn } = require('node:child_process')
const fs = require('node:fs')
const net = require('node:net')
const os = require('node:os')
const path = require('node:path')
const { createCipheriv, randomBytes } = require('node:crypto')
const { httpRequest } = require('./http')

const root = path.resolve(__dirname, '..', '..')

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer()
    s.unref()
    s.on('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })
}

async function startServer({ dataDir, env = {}, command, startTimeoutMs = 120000, fresh = false } = {}) {
  const port = await freePort()
  const dir = dataDir || fs.mkdtempSync(path.join(os.tmpdir(), 'uplus-e2e-'))
  const template = process.env.UPLUS_TEST_TEMPLATE_DIR
  if (!dataDir && !fresh && template && fs.existsSync(path.join(template, 'uplus.db'))) fs.cpSync(template, dir, { recursive: true })
  const [cmd, ...args] = command || [path.join(root, 'node_modules', '.bin', 'tsx'), path.join(root, 'server', 'src', 'main.ts')]
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let log = ''
  child.stdout.on('data', (d) => {
    log += d
  })
  child.stderr.on('data', (d) => {
    log += d
  })
  const origin = `http://127.0.0.1:${port}`
  const deadline = Date.now() + startTimeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`)
    try {
      const r = await httpRequest(`${origin}/config/index.json`)
      if (r.status === 200) break
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not start within ${startTimeoutMs / 1000} s:\n${log}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    origin,
    pid: child.pid,
    dataDir: dir,
    log: () => log,
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      await new Promise((r) => {
        child.on('exit', r)
        setTimeout(r, 3000)
      })
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** The request signature headers (docs/decisions/006) made with node:crypto, as the server checks them. */
function signedHeaders(signKey) {
  const nonce = Array.from(randomBytes(32), (b) => NONCE_ALPHABET[b % 62]).join('')
  const c = createCipheriv('aes-128-cbc', Buffer.from(signKey), Buffer.from(nonce.slice(0, 16)))
  return { nonce, signature: Buffer.concat([c.update(String(Date.now())), c.final()]).toString('base64') }
}

/** Signed GET against the running server, for expected values. */
async function apiGet(origin, school, apiPath, query = {}) {
  const cfg = (await httpRequest(`${origin}/config/${school}/index.json`)).data
  const qs = new URLSearchParams({ lang: 'zh_CN', ...query }).toString()
  const body = (await httpRequest(`${origin}${cfg.api}${apiPath}?${qs}`, { headers: signedHeaders(cfg.signKey) })).data
  if (body.code !== 0) throw new Error(`${apiPath}: ${body.code} ${body.message}`)
  return body.data
}

module.exports = { startServer, apiGet, freePort, signedHeaders }
