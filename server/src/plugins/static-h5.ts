/**
 * Serves the built H5 app at / with an index.html fallback for the browser-mode router (decision 002), and
 * uploaded/generated files at /files/. Unknown /api/, /config/ and /files/ paths never fall back to index.html:
 * they get the JSON 404 envelope.
 */
import { createReadStream, existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sendNotFound } from './envelope'

const NO_FALLBACK = /^\/(api|config|files)(\/|$)/

const BUILD_HINT = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>uplus</title></head>
<body><h1>H5 app not built</h1><p>The API server is running. Build the H5 app with <code>npm run build:h5</code>
(output: dist/h5), then restart the server.</p><p>H5 应用尚未构建：请运行 <code>npm run build:h5</code> 后重启服务。</p></body></html>`

export async function installStatic(app: FastifyInstance, opts: { h5Dir: string; filesDir: string }) {
  mkdirSync(opts.filesDir, { recursive: true })
  const indexHtml = path.join(opts.h5Dir, 'index.html')
  const built = existsSync(indexHtml)

  if (built) {
    await app.register(fastifyStatic, { root: opts.h5Dir, prefix: '/', wildcard: true, index: ['index.html'] })
  } else {
    app.get('/', (_req, reply) => reply.type('text/html; charset=utf-8').send(BUILD_HINT))
  }
  await app.register(fastifyStatic, { root: opts.filesDir, prefix: '/files/', decorateReply: false, wildcard: true })

  /** The not-found handler: SPA fallback for page paths, JSON 404 for everything else. */
  return function notFound(req: FastifyRequest, reply: FastifyReply) {
    const pathname = req.url.split('?')[0]
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NO_FALLBACK.test(pathname)) return sendNotFound(req, reply)
    if (!built) return reply.status(404).type('text/html; charset=utf-8').send(BUILD_HINT)
    // index.html must not be cached: it names the hashed bundles of the current build.
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(createReadStream(indexHtml))
  }
}
