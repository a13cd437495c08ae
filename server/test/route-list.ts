/**
 * Every route the app registers, as "METHOD /path" (HEAD twins of GET left out), read from Fastify's own route
 * tree (`printRoutes({ commonPrefix: false })`). The access-matrix and fuzz tests sweep this list, so a route
 * added later is swept (or makes the matrix fail until it is classified) without anyone remembering to add it.
 * Not a test file itself.
 */
import type { FastifyInstance } from 'fastify'

export interface RouteEntry {
  method: string
  path: string
  key: string
}

export async function registeredRoutes(app: FastifyInstance): Promise<RouteEntry[]> {
  await app.ready()
  const tree = app.printRoutes({ commonPrefix: false })
  // Each line is "<tree drawing>── <segment> (METHODS)"; a child's segment continues its parent's path.
  const stack: string[] = []
  const out: RouteEntry[] = []
  const seen = new Set<string>()
  for (const line of tree.split('\n')) {
    const m = /^(.*?)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!m) continue
    const depth = m[1].length / 4
    const full = (depth > 0 ? stack[depth - 1] : '') + m[2]
    stack[depth] = full
    stack.length = depth + 1
    for (const method of (m[3] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (method === 'HEAD') continue
      const key = `${method} ${full}`
      if (!seen.has(key)) out.push({ method, path: full, key })
      seen.add(key)
    }
  }
  if (out.length < 10) throw new Error(`could not read the route tree:\n${tree}`)
  return out.sort((a, b) => a.key.localeCompare(b.key))
}
