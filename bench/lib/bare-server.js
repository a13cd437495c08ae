#!/usr/bin/env node
/**
 * The bench's yardstick: a bare Fastify app with one JSON route, started the way bench/browse.js starts the real
 * server (a child process of the same Node through the same tsx wrapper, loopback, no logger, as Fastify comes).
 * GET /config/index.json answers too, so test/mini/server.js startServer() can wait for it like the real server.
 * Env: PORT, HOST.
 */
const Fastify = require('fastify')

const app = Fastify()
const answer = { code: 0, message: 'success', data: { total: 1, rows: [{ id: 1, name: 'bare' }] } }
app.get('/config/index.json', async () => ({ school: 'bare' }))
app.get('/bare', async () => answer)
app.listen({ port: Number(process.env.PORT), host: process.env.HOST || '127.0.0.1' }).catch((err) => {
  console.error(err)
  process.exit(1)
})
for (const s of ['SIGINT', 'SIGTERM']) process.once(s, () => void app.close().then(() => process.exit(0)))
