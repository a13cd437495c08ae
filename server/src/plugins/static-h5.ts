/**
 * Serves the built H5 app at / with an index.html fallback for the browser-mode router (decision 002), and
 * uploaded/generated files at /files/. Unknown /api/, /config/ and /files/ paths never fall back to index.html:
 * they get the JSON 404 envelope.
 *
 * Headers: the app's HTML gets a CSP that lets exactly the built app run (its own scripts plus the hashes of the
 * inline scripts of index.html); user files get a CSP that runs nothing even when opened directly, and anything
 * that is not a raster image is a download. envelope.ts fills in nosniff and the API CSP everywhere else.
 *
 * Weight (docs/decisions/024-h5-weight.md): the build writes `.br` and `.gz` beside each text asset
 * (config/h5-weight.ts); the variant the request's Accept-Encoding allows is sent, with `Vary: Accept-Encoding`.
 * Files whose names carry a content hash never change: a year and `immutable`. Everything else, index.html above
 * all (it names the current build's bundles), is revalidated on every use (`no-cache`).
 */
import { createHash } from 'node:crypto'
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sendNotFound } from './envelope'

const NO_FALLBACK = /^\/(api|config|files)(\/|$)/

/** Webpack's hashed names: js/app.cd2a2217.js, css/5479.c8b9de4e277b4f98932b.css, static/images/x.1a2b3c4d.png */
const HASHED_ASSET = /\.[0-9a-f]{8,32}\.[a-z0-9]+$/i
export const IMMUTABLE = 'public, max-age=31536000, immutable'

/** The path of the file a (possibly precompressed) variant stands for: app.js.br -> app.js */
const logicalFile = (file: string) => file.replace(/\.(br|gz)$/, '')

/** Cache-Control of a file of the build. */
export function h5CacheControl(file: string): string {
  const name = path.basename(logicalFile(file))
  return name !== 'index.html' && HASHED_ASSET.test(name) ? IMMUTABLE : 'no-cache'
}

/**
 * The precompressed encoding to send, by the request's Accept-Encoding: brotli first, then gzip; none when the
 * client refuses both (q=0) or names neither. `*` counts as accepting both.
 */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding || ''
  const q = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const value = qp ? Number(qp.slice(2)) : 1
    q.set(name, Number.isFinite(value) ? value : 0)
  }
  const accepts = (enc: string) => (q.has(enc) ? q.get(enc)! > 0 : q.has('*') && q.get('*')! > 0)
  if (accepts('br')) return 'br'
  if (accepts('gzip')) return 'gzip'
  return null
}

/** raw.githubusercontent.com's policy: an uploaded SVG or HTML opened in a tab runs no script and loads nothing. */
export const FILES_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
/** Shown inline (in <img> and in a tab); everything else, PDFs included, is sent as a download. */
const INLINE_FILE = /\.(png|jpe?g|gif|webp)$/i

/**
 * The H5 app's CSP. Scripts: the bundles (same origin) and the inline rem-sizing script Taro writes into index.html,
 * allowed by its hash, so no 'unsafe-inline' for scripts. Styles: React and Taro set style attributes at run time,
 * which needs 'unsafe-inline' for styles (no script can run through a style). Images: article and project HTML
 * may point at the foundation's https sites; data: and blob: are the avatar editor's picked and cropped images.
 * The API is same-origin; connect-src also needs blob: because Taro.uploadFile on H5 reads the exported avatar back
 * from its blob: URL with an XHR. form-action is left open: the Alipay wap form posts to Alipay.
 */
export function h5Csp(inlineScripts: string[]): string {
  const hashes = inlineScripts.map((s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`)
  return [
    "default-src 'self'",
    `script-src 'self'${hashes.length ? ` ${hashes.join(' ')}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' blob:",
    "media-src 'self' blob: https:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'"
  ].join('; ')
}

/** The bodies of the inline <script> elements (those without src) of an HTML page. */
export function inlineScriptsOf(html: string): string[] {
  const out: string[] = []
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (!/\ssrc\s*=/i.test(` ${m[1]}`) && m[2].length) out.push(m[2])
  }
  return out
}

/** Headers of the app's HTML: its CSP, read again whenever index.html changes (a rebuild without a restart). */
function h5Headers(indexHtml: string) {
  let cached: { mtime: number; csp: string } | null = null
  return (reply: FastifyReply) => {
    try {
      const mtime = statSync(indexHtml).mtimeMs
      if (!cached || cached.mtime !== mtime) cached = { mtime, csp: h5Csp(inlineScriptsOf(readFileSync(indexHtml, 'utf8'))) }
    } catch {
      // index.html is being rebuilt: the last policy, or one without inline scripts, never none at all
      cached ??= { mtime: 0, csp: h5Csp([]) }
    }
    reply.header('content-security-policy', cached.csp)
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
  }
}

const BUILD_HINT = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>uplus</title></head>
<body><h1>H5 app not built</h1><p>The API server is running. Build the H5 app with <code>npm run build:h5</code>
(output: dist/h5), then restart the server.</p><p>H5 应用尚未构建：请运行 <code>npm run build:h5</code> 后重启服务。</p></body></html>`

export async function installStatic(app: FastifyInstance, opts: { h5Dir: string; filesDir: string }) {
  mkdirSync(opts.filesDir, { recursive: true })
  const indexHtml = path.join(opts.h5Dir, 'index.html')
  const built = existsSync(indexHtml)

  const appHeaders = built ? h5Headers(indexHtml) : null

  if (built) {
    await app.register(fastifyStatic, {
      root: opts.h5Dir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      // the .br / .gz the build wrote beside a file, by Accept-Encoding (with Vary); the file itself otherwise
      preCompressed: true,
      setHeaders: (reply, file) => {
        if (logicalFile(file).endsWith('.html')) appHeaders!(reply)
        reply.header('cache-control', h5CacheControl(file))
      }
    })
  } else {
    app.get('/', (_req, reply) => reply.type('text/html; charset=utf-8').send(BUILD_HINT))
  }
  await app.register(fastifyStatic, {
    root: opts.filesDir,
    prefix: '/files/',
    decorateReply: false,
    wildcard: true,
    setHeaders: (reply, file) => {
      reply.header('content-security-policy', FILES_CSP)
      if (!INLINE_FILE.test(file)) reply.header('content-disposition', 'attachment')
    }
  })

  /** The not-found handler: SPA fallback for page paths, JSON 404 for everything else. */
  return function notFound(req: FastifyRequest, reply: FastifyReply) {
    const pathname = req.url.split('?')[0]
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NO_FALLBACK.test(pathname)) return sendNotFound(req, reply)
    if (!built) return reply.status(404).type('text/html; charset=utf-8').send(BUILD_HINT)
    // index.html must not be cached: it names the hashed bundles of the current build.
    appHeaders!(reply)
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding')
    const encoding = preferredEncoding(req.headers['accept-encoding'])
    const variant = encoding && `${indexHtml}.${encoding === 'br' ? 'br' : 'gz'}`
    // Taro empties dist/h5 before each build, so a variant present is this build's
    if (variant && existsSync(variant)) {
      return reply.header('content-encoding', encoding).send(createReadStream(variant))
    }
    return reply.send(createReadStream(indexHtml))
  }
}
