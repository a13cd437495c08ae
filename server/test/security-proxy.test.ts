/**
 * Per-address limits (orders, SMS, sign-in guesses, uploads) read req.ip: behind the reverse proxy that is the
 * visitor's address only when TRUST_PROXY names the proxy, and a client reaching the server directly can never
 * choose its address with X-Forwarded-For.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { buildApp, trustProxySetting } from '../src/app'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

test('trustProxySetting: off by default, hop counts, address lists', () => {
  assert.equal(trustProxySetting(undefined), false)
  assert.equal(trustProxySetting(''), false)
  assert.equal(trustProxySetting('0'), false)
  const oneHop = trustProxySetting('1')
  assert.equal(typeof oneHop, 'function')
  assert.equal((oneHop as (a: string, hop: number) => boolean)('10.0.0.1', 0), true)
  assert.equal((oneHop as (a: string, hop: number) => boolean)('10.0.0.1', 1), false)
  assert.deepEqual(trustProxySetting('127.0.0.1, 10.0.0.0/8'), ['127.0.0.1', '10.0.0.0/8'])
})

async function ipSeen(trustProxy: string | undefined, remoteAddress: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uplus-proxy-'))
  const app = await buildApp({
    dataDir,
    logger: false,
    seed: false,
    jobs: { autoStart: false },
    trustProxy: trustProxy ?? '',
    h5Dir: path.join(dataDir, 'none')
  })
  app.get('/__ip', async (req) => ({ ip: req.ip }))
  try {
    const res = await app.inject({ url: '/__ip', remoteAddress, headers: { 'x-forwarded-for': '203.0.113.7' } })
    return (res.json() as { ip: string }).ip
  } finally {
    await app.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

test('X-Forwarded-For is believed only from the configured proxy', async () => {
  assert.equal(await ipSeen('127.0.0.1', '127.0.0.1'), '203.0.113.7')
  assert.equal(await ipSeen('127.0.0.1', '198.51.100.9'), '198.51.100.9')
  assert.equal(await ipSeen(undefined, '127.0.0.1'), '127.0.0.1')
})
