#!/usr/bin/env node
/**
 * Browse-path benchmark: the server started as README says on a fresh DATA_DIR (SQLite, or PostgreSQL with
 * DATABASE_URL), then signed GETs of the calls a visitor makes (itemsList, itemsDetail, donateRecordPage, total)
 * at rising concurrency, from this process over loopback. Prints requests/s, p50/p99 latency and the server's RSS.
 * Bounded: a fixed number of requests per level. Usage: node bench/browse.js [requestsPerLevel=2000]
 */
const path = require('node:path')
const { startServer, signedHeaders } = require('../test/mini/server')

const P = '/uplus-foundation/app/v1/donateu'
const N = Number(process.argv[2] || 2000)
const headers = signedHeaders

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

async function level(base, signKey, paths, concurrency) {
  const lat = []
  let next = 0
  let errors = 0
  const t0 = performance.now()
  async function worker() {
    while (next < N) {
      const i = next++
      const url = base + paths[i % paths.length]
      const s = performance.now()
      const r = await fetch(url, { headers: headers(signKey) })
      const body = await r.json()
      if (body.code !== 0) errors++
      lat.push(performance.now() - s)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const secs = (performance.now() - t0) / 1000
  lat.sort((a, b) => a - b)
  return { rps: N / secs, p50: pct(lat, 50), p99: pct(lat, 99), errors }
}

;(async () => {
  const server = await startServer({ env: { DATABASE_URL: process.env.DATABASE_URL || '' } })
  try {
    const { school } = await (await fetch(`${server.origin}/config/index.json`)).json()
    const cfg = await (await fetch(`${server.origin}/config/${school}/index.json`)).json()
    const base = server.origin + cfg.api
    const list = await (await fetch(`${base}${P}/items/itemsList?limit=10&offset=0&lang=zh_CN`, { headers: headers(cfg.signKey) })).json()
    const id = list.data.rows[0].id
    const paths = [
      `${P}/items/itemsList?limit=10&offset=0&lang=zh_CN`,
      `${P}/items/itemsDetail?id=${id}&lang=zh_CN`,
      `${P}/index/donateRecordPage?limit=20&offset=0&lang=zh_CN`,
      `${P}/index/total?lang=zh_CN`
    ]
    console.log(
      `browse bench: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${N} requests per level, mix of ${paths.length} calls`
    )
    console.log('concurrency  req/s    p50 ms  p99 ms  errors')
    for (const c of [1, 8, 32, 64]) {
      const r = await level(base, cfg.signKey, paths, c)
      console.log(
        `${String(c).padStart(11)}  ${r.rps.toFixed(0).padStart(6)}  ${r.p50.toFixed(2).padStart(7)}  ${r.p99.toFixed(2).padStart(6)}  ${r.errors}`
      )
    }
    // tsx runs the server in a child node process: sum the wrapper and its children
    const out = require('node:child_process').execSync(`ps -o rss= --pid ${server.pid} --ppid ${server.pid} || true`).toString()
    const kb = out
      .split(/\s+/)
      .filter(Boolean)
      .reduce((a, b) => a + Number(b), 0)
    console.log(`server RSS after the run: ${(kb / 1024).toFixed(0)} MB (tsx wrapper + server process)`)
  } finally {
    await server.stop()
  }
})()
