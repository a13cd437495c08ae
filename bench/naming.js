#!/usr/bin/env node
/**
 * Seat-grab benchmark: the server started as README says on a fresh DATA_DIR (SQLite, or PostgreSQL with
 * DATABASE_URL), then 1,000 signed-in donors race for 100 free seats of the jnu seat campaign: each donor sends one
 * signed POST donate (itemsType 2, one seat, 10-year period) for a seat drawn at random from the 100, from this
 * process over loopback at a fixed concurrency. Prints grabs per second (answered donate calls, won or lost) and
 * p50/p99 latency, then the check: every seat held by at most one order, winners = held seats, every loser a -1
 * naming the seat, no other error (exit code 1 otherwise). Bounded: 1,000 donate calls.
 * Usage: node bench/naming.js [concurrency=50] [donors=1000] [seats=100]
 */
const { startServer, signedHeaders } = require('../test/mini/server')

const P = '/uplus-foundation/app/v1/donateu'
const C = Number(process.argv[2] || 50)
const DONORS = Number(process.argv[3] || 1000)
const SEATS = Number(process.argv[4] || 100)

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
/** mulberry32: the same draw on every run */
function rng(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

;(async () => {
  const server = await startServer({
    env: {
      DATABASE_URL: process.env.DATABASE_URL || '',
      ORDER_RATE_PER_USER: '1000000',
      ORDER_RATE_PER_IP: '1000000',
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: '0'
    }
  })
  try {
    const { school } = await (await fetch(`${server.origin}/config/index.json`)).json()
    const cfg = await (await fetch(`${server.origin}/config/${school}/index.json`)).json()
    const base = server.origin + cfg.api
    const headers = (token) => ({
      ...signedHeaders(cfg.signKey),
      'content-type': 'application/json',
      ...(token ? { authorization: token } : {})
    })
    const get = async (path, token) => {
      const body = await (await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}lang=zh_CN`, { headers: headers(token) })).json()
      if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.message}`)
      return body.data
    }
    const post = async (path, payload, token) =>
      (await fetch(`${base}${path}`, { method: 'POST', headers: headers(token), body: JSON.stringify(payload) })).json()

    const itemsId = (await get(`${P}/index/baseConfig`)).settings.campaignItems.jnuSeat
    const areas = await get(`${P}/items/areaList?itemsId=${itemsId}`)
    const free = []
    for (const a of areas) {
      const d = await get(`${P}/items/seatList?areaId=${a.id}`)
      for (const s of [...d.oneArray, ...d.twoArray.flat()]) if (s && s.status === 1) free.push(s)
    }
    if (free.length < SEATS) throw new Error(`only ${free.length} free seats (a reused PostgreSQL database? use a fresh one)`)
    const seats = free.slice(0, SEATS)
    const tokens = []
    for (let i = 0; i < DONORS; i++)
      tokens.push((await get(`/uplus-system/app/v1/user/getAuthToken?billType=2&code=seat-bench-${Date.now()}-${i}`)).token)

    // warm-up (not measured): 20 orders on seats outside the race, cancelled again, so JIT and caches are warm
    for (const [k, seat] of free.slice(SEATS, SEATS + 20).entries()) {
      const t = (await get(`/uplus-system/app/v1/user/getAuthToken?billType=2&code=seat-warm-${Date.now()}-${k}`)).token
      const price = seat.priceList.find((p) => p.termYear === 10)
      const r = await post(
        `${P}/items/donate`,
        {
          currency: 'CNY',
          payType: 1,
          currencyMoney: price.termMoney,
          itemsId,
          itemsType: 2,
          namingType: '1',
          isAnonymous: 0,
          donateFrom: 'U1',
          formDataMap: { name: '预热', mobile: '86-13800138000', isAlumni: '0' },
          isAgree: 1,
          seatList: [
            { seatId: seat.id, areaId: seat.areaId, itemsId, termYear: 10, donorName: '预热', donorIdentity: '校友', donationMessage: '' }
          ]
        },
        t
      )
      if (r.code === 0) await get(`${P}/items/cancel?donatePlatOrder=${r.data.orderPayRequestDTO.billNo}`, t)
    }

    const draw = rng(9)
    const picks = tokens.map(() => seats[Math.floor(draw() * seats.length)])
    console.log(
      `naming bench: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${DONORS} donors on ${SEATS} seats of project ${itemsId}, concurrency ${C}`
    )
    const lat = []
    const winners = new Map()
    let lost = 0
    const errors = []
    let next = 0
    const t0 = performance.now()
    async function worker() {
      while (next < DONORS) {
        const i = next++
        const seat = picks[i]
        const price = seat.priceList.find((p) => p.termYear === 10)
        const s = performance.now()
        const r = await post(
          `${P}/items/donate`,
          {
            currency: 'CNY',
            payType: 1,
            currencyMoney: price.termMoney,
            itemsId,
            itemsType: 2,
            namingType: '1',
            isAnonymous: 0,
            donateFrom: 'U1',
            formDataMap: { name: `抢座${i}`, mobile: '86-13800138000', isAlumni: '0' },
            isAgree: 1,
            seatList: [
              {
                seatId: seat.id,
                areaId: seat.areaId,
                itemsId,
                termYear: 10,
                donorName: `抢座${i}`,
                donorIdentity: '校友',
                donationMessage: ''
              }
            ]
          },
          tokens[i]
        )
        lat.push(performance.now() - s)
        if (r.code === 0) {
          if (winners.has(seat.id)) errors.push(`seat ${seat.seat} won twice`)
          winners.set(seat.id, r.data.orderPayRequestDTO.billNo)
        } else if (r.code === -1 && r.message.includes(seat.seat)) lost++
        else errors.push(`${r.code} ${r.message}`)
      }
    }
    await Promise.all(Array.from({ length: C }, worker))
    const secs = (performance.now() - t0) / 1000
    lat.sort((a, b) => a - b)
    console.log('grabs/s   p50 ms  p99 ms  won  lost  errors')
    console.log(
      `${(lat.length / secs).toFixed(1).padStart(7)}  ${pct(lat, 50).toFixed(2).padStart(7)}  ${pct(lat, 99).toFixed(2).padStart(6)}  ${String(winners.size).padStart(4)}  ${String(lost).padStart(4)}  ${errors.length}`
    )

    // the server's view: held seats and their holders
    const held = []
    for (const a of areas) {
      const d = await get(`${P}/items/seatList?areaId=${a.id}`)
      for (const s of [...d.oneArray, ...d.twoArray.flat()]) if (s && s.held === 1 && seats.some((x) => x.id === s.id)) held.push(s.id)
    }
    const contested = new Set(picks.map((s) => s.id)).size
    const checks = [
      ['every contested seat has exactly one winner', winners.size, contested],
      ['held seats on the map = winners', held.length, winners.size],
      ['won + lost = donors', winners.size + lost, DONORS],
      ['errors other than "seat taken"', errors.length, 0]
    ]
    let ok = true
    for (const [what, got, want] of checks) {
      const pass = got === want
      ok = ok && pass
      console.log(`  ${pass ? 'OK  ' : 'FAIL'} ${what}: ${got} (expected ${want})`)
    }
    if (errors.length) console.log(`  first errors: ${errors.slice(0, 3).join(' | ')}`)
    if (!ok) process.exitCode = 1
  } finally {
    await server.stop()
  }
})().catch((err) => {
  console.error(err)
  process.exit(1)
})
