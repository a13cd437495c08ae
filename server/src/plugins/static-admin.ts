/**
 * Serves the staff console (docs/decisions/020) at /admin/: the Vite build in server/admin/dist.
 *   /admin/assets/*  hashed bundles: cached for a year (`immutable`); a missing asset is a plain 404, never the page
 *   /admin/<other>   a file of the build when it exists, otherwise index.html (the console's client-side routes)
 *   /admin           redirects to /admin/ (relative asset URLs and the router base need the slash)
 * index.html is `no-cache` (it names the bundles of the current build) and carries a CSP that runs only the
 * console's own scripts (plus the hashes of inline scripts, if a build ever writes one). Styles need
 * 'unsafe-inline': antd's CSS-in-JS writes <style> elements at run time; no script can run through a style.
 * Its own route, not the H5 app's fallback: /admin/anything must never answer with the donor app's index.html.
 */
import { createHash } from 'node:crypto'
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { inlineScriptsOf } from './static-h5'

export const DEFAULT_ADMIN_DIR = path.resolve(__dirname, '../../admin/dist')

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8'
}

export function adminCsp(inlineScripts: string[]): string {
  const hashes = inlineScripts.map((s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`)
  return [
    "default-src 'self'",
    `script-src 'self'${hashes.length ? ` ${hashes.join(' ')}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'"
  ].join('; ')
}

const NOT_BUILT = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>console</title></head>
<body><h1>Console not built</h1><p>Build it with <code>npm run build:admin</code> (output: server/admin/dist).</p>
<p>管理后台尚未构建：请运行 <code>npm run build:admin</code>。</p></body></html>`

/** The file under root that a URL path names, or null when it escapes root or names nothing. */
export function resolveInside(root: string, urlPath: string): string | null {
  let rel: string
  try {
    rel = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (rel.includes('\0')) return null
  const file = path.resolve(root, `.${path.posix.normalize(`/${rel}`)}`)
  if (file !== root && !file.startsWith(root + path.sep)) return null
  try {
    return statSync(file).isFile() ? file : null
  } catch {
    return null
  }
}

export async function installStaticAdmin(app: FastifyInstance, opts: { adminDir: string }) {
  const root = path.resolve(opts.adminDir)
  const indexHtml = path.join(root, 'index.html')
  // read again whenever index.html changes: a rebuild without a restart gets its own policy
  let cached: { mtime: number; csp: string } | null = null
  const sendIndex = (reply: FastifyReply) => {
    if (!existsSync(indexHtml))
      return reply.status(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT)
    const html = readFileSync(indexHtml, 'utf8')
    const mtime = statSync(indexHtml).mtimeMs
    if (!cached || cached.mtime !== mtime) cached = { mtime, csp: adminCsp(inlineScriptsOf(html)) }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', cached.csp)
      .header('referrer-policy', 'same-origin')
      .header('x-frame-options', 'DENY')
      .send(html)
  }

  app.get('/admin', (req, reply) => {
    const q = req.url.indexOf('?')
    return reply.redirect(`/admin/${q < 0 ? '' : req.url.slice(q)}`, 301)
  })
  app.get('/admin/*', (req, reply) => {
    const pathname = req.url.split('?')[0].slice('/admin/'.length)
    if (pathname === '' || pathname === 'index.html') return sendIndex(reply)
    const file = resolveInside(root, pathname)
    if (file) {
      const immutable = pathname.startsWith('assets/')
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      return reply.type(TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream').send(createReadStream(file))
    }
    // a hashed bundle that is not there (an old tab after a rebuild) must fail loudly, not parse index.html as JS
    if (pathname.startsWith('assets/') || /\.[a-z0-9]{1,5}$/i.test(pathname)) {
      return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send('not found')
    }
    return sendIndex(reply)
  })
}
