/**
 * What keeps the H5 build light (docs/decisions/024-h5-weight.md): Taro's components one module each, async page
 * chunks that share what they have in common, brotli and gzip variants written beside every text asset, and a
 * route-to-files manifest for `npm run size:h5`. Only the H5 build uses this (config/index.ts h5.webpackChain).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'
import type { Compiler } from 'webpack'

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const COMPONENT_LINE =
  /const (\w+) = \/\*@__PURE__\*\/ createReactComponent\('([a-z-]+)', undefined, manipulatePropsFunction, (defineCustomElement\w+)\);/g

/**
 * `@tarojs/components/lib/react` defines all 98 H5 components in one module, so every page chunk that imports a
 * View also carried the Swiper, Picker, Textarea, RichText ... web components the app uses anywhere (200-250 KB
 * per chunk). This writes the same definitions one module per component (read from the installed package, so they
 * follow its version) plus an index that re-exports them; with `sideEffects: false` webpack links each import
 * straight to its component's module, and a page chunk holds only the components it renders.
 * Returns the index to alias `@tarojs/components$` to.
 */
export function writeSplitTaroComponents(root: string): string {
  const lib = path.join(root, 'node_modules', '@tarojs', 'components', 'lib', 'react')
  const source = readFileSync(path.join(lib, 'components.js'), 'utf8')
  const out = path.join(root, 'node_modules', '.cache', 'taro-h5-components')
  mkdirSync(out, { recursive: true })
  const names: string[] = []
  for (const m of source.matchAll(COMPONENT_LINE)) {
    const [, name, tag, define] = m
    names.push(name)
    writeFileSync(
      path.join(out, `${name}.js`),
      [
        "import { createReactComponent } from '@tarojs/components/lib/react/react-component-lib/createComponent.js'",
        "import { manipulatePropsFunction } from '@tarojs/components/lib/react/helper.js'",
        `import { ${define} } from '@tarojs/components/dist/components'`,
        `export const ${name} = /*@__PURE__*/ createReactComponent('${tag}', undefined, manipulatePropsFunction, ${define})`,
        ''
      ].join('\n')
    )
  }
  // a Taro upgrade that changes the shape of components.js must fail the build, not ship a half-empty library
  if (names.length < 50 || !names.includes('View') || !/const Block = Fragment;/.test(source)) {
    throw new Error(`config/h5-weight.ts: unexpected @tarojs/components/lib/react/components.js (found ${names.length} components)`)
  }
  writeFileSync(
    path.join(out, 'index.js'),
    ["export { Fragment as Block } from 'react'", ...names.map((n) => `export { ${n} } from './${n}.js'`), ''].join('\n')
  )
  writeFileSync(path.join(out, 'package.json'), JSON.stringify({ name: 'taro-h5-components', private: true, sideEffects: false }))
  return path.join(out, 'index.js')
}

/**
 * splitChunks for H5. Taro's own settings split initial chunks only ('initial'), so each lazily loaded page chunk
 * carried its own copy of everything it imports. Here what the entry loads stays as Taro makes it (its packages in
 * one vendor chunk), and a module that two or more page chunks need goes into a shared chunk once, however small
 * (`shared.minSize: 0`): with webpack's size floor (8,000 bytes here before) 31 small modules, 95 KB raw in all,
 * were still carried by 2 to 11 page chunks each. The price is more, smaller files per route (the largest route 26 ->
 * 46 files, +4 KB brotli of framing; the first route 9 -> 11, 194.7 KB brotli, within its 200 KB budget): cheap over
 * HTTP/2, which the reverse proxy should speak (README, Running several processes). One chunk for every shared
 * module instead was tried: the first route then loads 343 KB brotli, over budget.
 */
export const H5_SPLIT_CHUNKS = {
  chunks: 'all' as const,
  minSize: 8000,
  // 30 was too few: the naming pages need 46 files, and past the cap webpack copies modules into page chunks
  maxAsyncRequests: 60,
  maxInitialRequests: 30,
  cacheGroups: {
    default: false as const,
    defaultVendors: false as const,
    common: false as const,
    vendors: false as const,
    taro: {
      chunks: 'initial' as const,
      test: (module: { context?: string | null }) => /[\\/]node_modules[\\/]@tarojs[\\/]/.test(module.context || ''),
      priority: 100
    },
    shared: {
      chunks: 'async' as const,
      minChunks: 2,
      // however small: a module two page chunks need is never carried by both
      minSize: 0,
      priority: 10,
      reuseExistingChunk: true
    }
  }
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/
/** Below this, the compressed variants are not worth a file (and a few framing bytes may make them larger). */
const MIN_BYTES = 512

/**
 * Writes `<asset>.br` (quality 11) and `<asset>.gz` (level 9) beside every text asset of the build, index.html
 * included; the server picks one by Accept-Encoding (server/src/plugins/static-h5.ts). Done once at build time so
 * no request pays for compression.
 */
export class PrecompressPlugin {
  apply(compiler: Compiler) {
    const { webpack } = compiler
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrecompressPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          const jobs = Object.keys(assets)
            .filter((name) => COMPRESSIBLE.test(name) && !name.endsWith('.LICENSE.txt'))
            .map(async (name) => {
              const raw = compilation.getAsset(name)!.source.buffer()
              if (raw.length < MIN_BYTES) return
              const [br, gz] = await Promise.all([
                brotliAsync(raw, {
                  params: {
                    [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
                    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length
                  }
                }),
                gzipAsync(raw, { level: 9 })
              ])
              const info = { compressed: true, immutable: compilation.getAsset(name)!.info.immutable }
              if (br.length < raw.length) compilation.emitAsset(`${name}.br`, new webpack.sources.RawSource(br), info)
              if (gz.length < raw.length) compilation.emitAsset(`${name}.gz`, new webpack.sources.RawSource(gz), info)
            })
          await Promise.all(jobs)
        }
      )
    })
  }
}

export interface H5ChunkManifest {
  /** files every route loads first: the entry's chunks (JS and CSS) and index.html's own */
  entry: string[]
  /** Taro page path (pages/home/index) -> the files of its lazily loaded chunk group */
  pages: Record<string, string[]>
}

/**
 * Writes `dist/h5.chunks.json` (beside dist/h5, not served): which files each page loads on its first visit, from
 * webpack's own chunk graph, for scripts/h5-size.js. A page is named by the request of its dynamic import
 * (Taro's app entry imports `./pages/home/index` and so on).
 */
export class ChunkManifestPlugin {
  constructor(private readonly file: string) {}
  apply(compiler: Compiler) {
    compiler.hooks.emit.tap('ChunkManifestPlugin', (compilation) => {
      const manifest: H5ChunkManifest = { entry: [], pages: {} }
      for (const [, entry] of compilation.entrypoints) manifest.entry.push(...entry.getFiles())
      for (const group of compilation.chunkGroups) {
        if (compilation.entrypoints.has(group.name || '')) continue
        for (const origin of group.origins) {
          const m = /((?:pages|pkg-[\w-]+)\/[\w/-]+\/index)(?:\.\w+)?$/.exec(origin.request || '')
          if (m) manifest.pages[m[1]] = [...new Set([...(manifest.pages[m[1]] || []), ...group.getFiles()])]
        }
      }
      mkdirSync(path.dirname(this.file), { recursive: true })
      writeFileSync(this.file, JSON.stringify(manifest, null, 1))
    })
  }
}

const INLINE_WOFF = /url\(['"]?data:application\/x-font-woff;charset=utf-8;base64,([A-Za-z0-9+/=]+)['"]?\)/

/**
 * taro-ui's icon.scss carries its icon font (11 KB) as a base64 data URI, so app.css, which every route loads
 * first, carried it too, whether or not the page shows an icon. On H5 the font becomes a file of its own instead:
 * the browser fetches it only when an icon is drawn, and caches it for good (hashed name). The mini-programs keep
 * the data URI (wxss cannot load a local font file). Used by the H5 sass additionalData (config/index.ts).
 */
export function iconFontAsFile(content: string, resourcePath: string, root: string): string {
  const m = INLINE_WOFF.exec(content)
  if (!m) return content
  const dir = path.join(root, 'node_modules', '.cache', 'taro-h5-fonts')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'taro-ui-iconfont.woff')
  writeFileSync(file, Buffer.from(m[1], 'base64'))
  const rel = path.relative(path.dirname(resourcePath), file).split(path.sep).join('/')
  return content.replace(INLINE_WOFF, `url('${rel}')`)
}
