#!/usr/bin/env node
/**
 * Order benchmark: the server started as README says on a fresh DATA_DIR (SQLite, or PostgreSQL with DATABASE_URL),
 * then donations created and paid through the sandbox at rising concurrency (1, 4, 16, 32): each "paid donation" is
 * a signed POST donate followed by the sandbox cashier's POST sandbox/notify, from this process over loopback, one
 * signed-in donor per worker. Prints paid donations per second and p50/p99 latency of the pair, then the totals
 * check: the project's completeMoney, payCounts and directory total must have grown by exactly the sum (in fen) and
 * number of the bench's payments. The server's certificate worker runs meanwhile (one JPEG per gift), as in production.
 * Bounded: a fixed number of donations per level. Usage: node bench/orders.js [donationsPerLevel=200]
 * JOBS_ENABLED=0 runs the server without its job worker (no certificates rendered during the run).
 */
const { startServer, signedHeaders } = require('../test/mini/server')

const P = '/uplus-foundation/app/v1/donateu'
const N = Number(process.argv[2] || 200)
const LEVELS = [1, 4, 16, 32]
function headers(signKey, token) {
  const h = { ...signedHeaders(signKey), 'content-type': 'application/json' }
  if (token) h.authorization = token
  return h
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

/** "1234.56" -> 123456 with integer arithmetic only */
function fen(yuan) {
  const [w, f = ''] = String(yuan).split('.')
  return Number(w) * 100 + Number(f.padEnd(2, '0'))
}
const yuan = (f) => `${Math.floor(f / 100)}.${String(f % 100).padStart(2, '0')}`

;(async () => {
  const server = await startServer({
    env: {
      DATABASE_URL: process.env.DATABASE_URL || '',
      ORDER_RATE_PER_USER: '1000000',
      ORDER_RATE_PER_IP: '1000000',
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: process.env.JOBS_ENABLED ?? '1'
    }
  })
  try {
    const { school } = await (await fetch(`${server.origin}/config/index.json`)).json()
    const cfg = await (await fetch(`${server.origin}/config/${school}/index.json`)).json()
    const base = server.origin + cfg.api
    const get = async (path, token) => {
      const body = await (
        await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}lang=zh_CN`, { headers: headers(cfg.signKey, token) })
      ).json()
      if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.message}`)
      return body.data
    }
    const post = async (path, payload, token) =>
      (await fetch(`${base}${path}`, { method: 'POST', headers: headers(cfg.signKey, token), body: JSON.stringify(payload) })).json()

    const list = await get(`${P}/items/itemsList?limit=10&offset=0&s=${encodeURIComponent('励志奖学金')}`)
    const itemsId = list.rows[0].id
    const form = await get(`${P}/items/formDetail?itemsId=${itemsId}`)
    const tokens = []
    for (let i = 0; i < Math.max(...LEVELS); i++)
      tokens.push((await get(`/uplus-system/app/v1/user/getAuthToken?billType=2&code=bench-donor-${i}`)).token)

    const snapshot = async () => {
      const d = await get(`${P}/items/itemsDetail?id=${itemsId}`)
      const t = await get(`${P}/index/total?itemsId=${itemsId}`)
      return { completeFen: fen(d.completeMoney), payCounts: d.payCounts, totalFen: fen(t.totalMoney), totalCount: t.totalCount }
    }
    const before = await snapshot()
    let sumFen = 0
    let paidCount = 0
    let seq = 0

    console.log(
      `orders bench: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${N} paid donations per level, project ${itemsId} (${list.rows[0].name}), form ${form.id}, ` +
        `certificate worker ${process.env.JOBS_ENABLED === '0' ? 'off' : 'on'}`
    )
    console.log('concurrency  paid/s   p50 ms  p99 ms  errors')
    for (const c of LEVELS) {
      const lat = []
      let next = 0
      let errors = 0
      const t0 = performance.now()
      async function worker(w) {
        while (next < N) {
          next++
          const i = seq++
          // amounts with every fen digit: 1.01 .. 997.99, never a float
          const amountFen = 100 + (i % 997) * 100 + (i % 99) + 1
          const s = performance.now()
          const d = await post(
            `${P}/items/donate`,
            {
              currency: 'CNY',
              payType: 1,
              currencyMoney: yuan(amountFen),
              itemsId,
              itemsType: 1,
              isAnonymous: 0,
              donateFrom: 'U1',
              formDataMap: { name: `压测捐赠人${i}`, mobile: '86-13800138000', isAlumni: '0' },
              isAgree: 1
            },
            tokens[w]
          )
          if (d.code !== 0) {
            errors++
            continue
          }
          const n = await post('/sandbox/notify', { billNo: d.data.orderPayRequestDTO.billNo, outcome: 'paid', payToken: d.data.payToken })
          lat.push(performance.now() - s)
          if (n.code === 0 && n.data.status === 'applied') {
            sumFen += amountFen
            paidCount++
          } else errors++
        }
      }
      await Promise.all(Array.from({ length: c }, (_, w) => worker(w)))
      const secs = (performance.now() - t0) / 1000
      lat.sort((a, b) => a - b)
      console.log(
        `${String(c).padStart(11)}  ${(lat.length / secs).toFixed(1).padStart(6)}  ${pct(lat, 50).toFixed(2).padStart(7)}  ${pct(lat, 99).toFixed(2).padStart(6)}  ${errors}`
      )
    }

    const afterRun = await snapshot()
    const checks = [
      ['completeMoney grew by the sum of the bench payments', afterRun.completeFen - before.completeFen, sumFen],
      ['directory totalMoney (sum of paid records) grew by the same', afterRun.totalFen - before.totalFen, sumFen],
      ['payCounts grew by the number of payments', afterRun.payCounts - before.payCounts, paidCount],
      ['directory totalCount grew by the same', afterRun.totalCount - before.totalCount, paidCount],
      [
        'completeMoney = offline + sum of paid records (unchanged offline part)',
        afterRun.completeFen - afterRun.totalFen,
        before.completeFen - before.totalFen
      ]
    ]
    console.log(`totals check: ${paidCount} payments, ${yuan(sumFen)} yuan`)
    let ok = true
    for (const [what, got, want] of checks) {
      const pass = got === want
      ok = ok && pass
      console.log(`  ${pass ? 'OK  ' : 'FAIL'} ${what}: ${got} (expected ${want})`)
    }
    const out = require('node:child_process').execSync(`ps -o rss= --pid ${server.pid} --ppid ${server.pid} || true`).toString()
    const kb = out
      .split(/\s+/)
      .filter(Boolean)
      .reduce((a, b) => a + Number(b), 0)
    console.log(`server RSS after the run: ${(kb / 1024).toFixed(0)} MB (tsx wrapper + server process)`)
    if (!ok) process.exitCode = 1
  } finally {
    await server.stop()
  }
})().catch((err) => {
  console.error(err)
  process.exit(1)
})
