/**
 * The one route list (src/lib/route-list.ts, docs/decisions/059-one-route-list.md): the Taro app config derived from
 * it is the one the three targets had when the tables were kept by hand (app-config.expected.json: pages and
 * subPackages in order, home first, the preloads, each target's own keys), every page it names has its files, and
 * the app's route table and the H5 paths name every page once.
 */
import fs from 'node:fs'
import path from 'node:path'
import { H5_ROUTES, PAGES, ROUTES, taroPages, type PageEntry } from '@/lib/route-list'
import { TAB_ROUTES } from '@/lib/routes'
import expected from './app-config.expected.json'

const root = path.resolve(__dirname, '../..')

/** src/app.config.ts as Taro evaluates it for one target (defineAppConfig is its identity macro). */
function appConfigFor(target: 'weapp' | 'alipay' | 'h5'): unknown {
  const g = globalThis as { defineAppConfig?: (c: unknown) => unknown }
  const before = process.env.TARO_ENV
  g.defineAppConfig = (c) => c
  process.env.TARO_ENV = target
  try {
    let config: unknown
    jest.isolateModules(() => {
      config = JSON.parse(JSON.stringify(require('@/app.config').default))
    })
    return config
  } finally {
    process.env.TARO_ENV = before
  }
}

describe('the one route list', () => {
  it.each(['weapp', 'alipay', 'h5'] as const)('derives the %s app config the hand-kept tables gave', (target) => {
    expect(appConfigFor(target)).toEqual(expected[target])
  })

  it('opens on home: the main package starts with it and holds the tab pages', () => {
    const { pages } = taroPages()
    expect(pages[0]).toBe('pages/home/index')
    for (const tab of TAB_ROUTES) expect(pages).toContain(ROUTES[tab].slice(1))
  })

  it('has the page files of every page it lists', () => {
    const missing = PAGES.flatMap((p) =>
      ['.tsx', '.config.ts'].map((ext) => `src/${p.page}${ext}`).filter((f) => !fs.existsSync(path.join(root, f)))
    )
    expect(missing).toEqual([])
  })

  it('names every page once, and H5 shows every page at its route name', () => {
    const entries: readonly PageEntry[] = PAGES
    expect(new Set(entries.map((p) => p.name)).size).toBe(entries.length)
    expect(new Set(entries.map((p) => p.page)).size).toBe(entries.length)
    expect(Object.keys(ROUTES)).toHaveLength(entries.length)
    for (const p of entries) {
      expect(ROUTES[p.name as keyof typeof ROUTES]).toBe(`/${p.page}`)
      expect(H5_ROUTES[`/${p.page}`]).toBe(`/${p.name}`)
    }
    expect(Object.keys(H5_ROUTES)).toHaveLength(entries.length)
  })

  it('preloads only subpackages it lists', () => {
    const packages = new Set(taroPages().subPackages.map((s) => s.root))
    const unknown = (PAGES as readonly PageEntry[]).filter((p) => p.preload && !packages.has(p.preload))
    expect(unknown).toEqual([])
  })

  it('has no page folder under src that the list leaves out', () => {
    const listed = new Set(PAGES.map((p) => `src/${p.page}.tsx`))
    const dirs = fs.readdirSync(path.join(root, 'src')).filter((d) => d === 'pages' || d.startsWith('pkg-'))
    const walk = (rel: string): string[] =>
      fs
        .readdirSync(path.join(root, rel), { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? walk(`${rel}/${e.name}`) : e.name === 'index.tsx' ? [`${rel}/${e.name}`] : []))
    const unlisted = dirs.flatMap((d) => walk(`src/${d}`)).filter((f) => !listed.has(f))
    expect(unlisted).toEqual([])
  })
})
