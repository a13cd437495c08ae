/**
 * Loopback load for the benches: keep-alive node:http (one socket per worker), `concurrency` workers issuing
 * `total` requests between them. The same client measures the bare route and ours, so its own cost is in both.
 */
const http = require('node:http')

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

function request(agent, url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, method, headers }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    if (body !== undefined) req.end(body)
    else req.end()
  })
}

/**
 * Runs `total` requests made by `make(i)` ({url, method?, headers?, body?}) with `concurrency` in flight;
 * `check(text)` says whether an answer counts as a success. Or, with `run()`, `total` calls of run (several
 * requests of its own, resolving to success true/false). Returns operations/s, p50/p99 ms and the errors.
 */
async function load({ total, concurrency, make, run, check = (t) => JSON.parse(t).code === 0 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })
  const lat = []
  let next = 0
  let errors = 0
  const t0 = performance.now()
  async function worker() {
    while (next < total) {
      next++
      const s = performance.now()
      if (run) {
        if (!(await run())) errors++
        lat.push(performance.now() - s)
        continue
      }
      const r = make(next - 1)
      const res = await request(agent, r.url, r)
      lat.push(performance.now() - s)
      if (res.status !== 200 || !check(res.text)) errors++
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const secs = (performance.now() - t0) / 1000
  agent.destroy()
  lat.sort((a, b) => a - b)
  return { rps: total / secs, p50: pct(lat, 50), p99: pct(lat, 99), errors }
}

/** "load 5.20 4.10 3.00 on 2 cores": other processes share the machine, and the figures depend on it */
function machineLoad() {
  const os = require('node:os')
  return `load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'})`
}

module.exports = { load, request, pct, machineLoad }
