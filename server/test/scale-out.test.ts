/**
 * Two server processes on one database (docs/decisions/023-scale-out.md): the state they must share lives
 * in the shared store, not in either's memory. Two real `tsx server/src/main.ts` processes (A and B), same
 * DATABASE_URL (a fresh PostgreSQL database per run) or, on the SQLite pass, the same SQLite file, both running
 * their job workers:
 * - a signed request accepted by A and the same request (same nonce and signature) replayed to B is refused;
 * - the order rate limit counts the orders placed at A and at B together;
 * - paid donations' certificate jobs, notified at A and at B so both workers race for them, each run exactly once:
 *   one attempt, one certificate row, one JPEG file (a second run would write a second, differently named file).
 */
import assert from 'node:assert/strict'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { Api, type DonateAnswer } from '../../types'
import type { DbHandle } from '../src/db/factory'
import { createSite, donationBody, SchoolClient, startServerProcess, waitFor, type ServerProcess, type Site } from './process-fixtures'

const PER_USER = 5
let site: Site
let a: ServerProcess
let b: ServerProcess
let client: SchoolClient
let db: DbHandle
let itemsId: number

describe('two server processes on one database', { timeout: 600_000 }, () => {
  before(async () => {
    site = await createSite()
    const env = { ORDER_RATE_PER_USER: String(PER_USER), ORDER_RATE_PER_IP: '1000', JOBS_ENABLED: '1' }
    // A first: it migrates and seeds; B then starts on the same, ready database
    a = await startServerProcess(site, { name: 'A', env })
    b = await startServerProcess(site, { name: 'B', env })
    client = await SchoolClient.of(a.origin, 'demo')
    db = site.open()
    const p = await db.db
      .selectFrom('project')
      .innerJoin('school', 'school.id', 'project.school_id')
      .select('project.id')
      .where('school.code', '=', 'demo')
      .where('project.name', '=', '示范大学励志奖学金')
      .executeTakeFirstOrThrow()
    itemsId = p.id
  })

  after(async () => {
    await Promise.allSettled([a?.stop(), b?.stop()])
    await db?.close()
    await site?.remove()
  })

  it('a nonce accepted by A is refused when the same request is replayed to B', async () => {
    const first = await client.call(a.origin, `${Api.itemsList}?limit=1&offset=0`)
    assert.equal(first.body.code, 0, first.body.message)
    const replay = await client.call(b.origin, `${Api.itemsList}?limit=1&offset=0`, { headers: first.sent })
    assert.equal(replay.body.code, -1)
    assert.equal(replay.body.data, null)
    assert.match(replay.body.message, /重复|replay|nonce|已使用/i, replay.body.message)
    // and back to A: still refused; a fresh nonce at B is fine
    const again = await client.call(a.origin, `${Api.itemsList}?limit=1&offset=0`, { headers: first.sent })
    assert.equal(again.body.code, -1)
    const fresh = await client.call(b.origin, `${Api.itemsList}?limit=1&offset=0`)
    assert.equal(fresh.body.code, 0, fresh.body.message)
    if (!process.env.REDIS_URL) {
      // the database store holds it, with its expiry 10 minutes on
      const row = await db.db
        .selectFrom('shared_entry')
        .select(['key', 'expires_at'])
        .where('key', 'like', `nonce:%:${first.sent.nonce}`)
        .executeTakeFirst()
      assert.ok(row, 'the nonce is in shared_entry')
      assert.ok(Number(row.expires_at) > Date.now() + 9 * 60_000)
    }
  })

  it('the order rate limit is reached by A and B together', async () => {
    const token = await client.login(a.origin, 'scale-rate-donor')
    const answers: { at: string; code: number; status: number }[] = []
    // alternate A, B, A, …: each process alone sees at most PER_USER/2 + 1 orders, under the limit
    for (let i = 0; i < PER_USER + 2; i++) {
      const at = i % 2 === 0 ? a : b
      const r = await client.call<DonateAnswer>(at.origin, Api.donate, {
        method: 'POST',
        body: donationBody(itemsId, '20.00', '限流测试'),
        token
      })
      answers.push({ at: at.name, code: r.body.code, status: r.status })
    }
    const accepted = answers.filter((x) => x.code === 0)
    assert.equal(accepted.length, PER_USER, JSON.stringify(answers))
    assert.deepEqual(
      answers.slice(PER_USER).map((x) => [x.code, x.status]),
      [
        [-1, 429],
        [-1, 429]
      ]
    )
    assert.deepEqual(new Set(answers.slice(PER_USER).map((x) => x.at)), new Set(['A', 'B']), 'refused by both processes')
  })

  it('certificate jobs run exactly once while both processes run workers', async () => {
    const N = 12
    const bills: { billNo: string; payToken: string }[] = []
    for (let i = 0; i < N; i++) {
      const at = i % 2 === 0 ? a : b
      const token = await client.login(at.origin, `scale-job-donor-${i}`)
      const d = await client.call<DonateAnswer>(at.origin, Api.donate, {
        method: 'POST',
        body: donationBody(itemsId, `${50 + i}.00`, `证书测试${i}`),
        token
      })
      assert.equal(d.body.code, 0, d.body.message)
      bills.push({ billNo: d.body.data.orderPayRequestDTO.billNo, payToken: d.body.data.payToken ?? '' })
    }
    // the sandbox cashier's confirms, in parallel, half at A and half at B: each kicks its own worker at once
    const notes = await Promise.all(
      bills.map((bill, i) =>
        client.call<{ status: string }>((i % 2 === 0 ? b : a).origin, Api.sandboxNotify, {
          method: 'POST',
          body: { billNo: bill.billNo, outcome: 'paid', payToken: bill.payToken }
        })
      )
    )
    assert.deepEqual(
      notes.map((n) => [n.body.code, n.body.data?.status]),
      bills.map(() => [0, 'applied'])
    )
    const ids = await db.db
      .selectFrom('donation')
      .select(['id', 'status'])
      .where(
        'bill_no',
        'in',
        bills.map((x) => x.billNo)
      )
      .execute()
    assert.equal(ids.length, N)
    assert.ok(
      ids.every((o) => o.status === 'paid'),
      JSON.stringify(ids)
    )

    const jobs = await waitFor(
      'every certificate job done',
      async () => {
        const rows = await db.db.selectFrom('job').selectAll().where('kind', '=', 'certificate').execute()
        const ours = rows.filter((j) => ids.some((o) => (JSON.parse(j.payload) as { donationId: number }).donationId === o.id))
        return ours.length === N && ours.every((j) => j.status === 'done') ? ours : null
      },
      120_000
    )
    for (const j of jobs) assert.equal(j.attempts, 1, `job ${j.id} claimed ${j.attempts} times`)
    const owners = new Set(jobs.map((j) => String(j.locked_by).split(':')[1]))
    assert.ok(
      [...owners].every((pid) => pid === String(a.pid) || pid === String(b.pid)),
      [...owners].join(',')
    )
    console.log(`# certificate jobs run by: ${jobs.map((j) => (String(j.locked_by).split(':')[1] === String(a.pid) ? 'A' : 'B')).join('')}`)

    const certs = await db.db
      .selectFrom('certificate')
      .select(['donation_id', 'file_url'])
      .where(
        'donation_id',
        'in',
        ids.map((o) => o.id)
      )
      .execute()
    assert.equal(certs.length, N)
    assert.ok(certs.every((c) => /^\/files\/certificates\/demo\/.+\.jpg$/.test(c.file_url)))
    const files = readdirSync(path.join(site.dataDir, 'files', 'certificates', 'demo'))
    const ourFiles = files.filter((f) => certs.some((c) => f.startsWith(path.basename(c.file_url).replace(/-[0-9a-f]{12}\.jpg$/, '-'))))
    assert.equal(ourFiles.length, N, `one JPEG per certificate: ${ourFiles.join(', ')}`)
  })
})
