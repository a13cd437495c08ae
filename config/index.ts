import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import path from 'node:path'
import devConfig from './dev'
import { requiredApiOrigin } from './api-origin'
import { ChunkManifestPlugin, H5_SPLIT_CHUNKS, iconFontAsFile, PrecompressPlugin, writeSplitTaroComponents } from './h5-weight'
import { H5_ROUTES } from '../src/lib/route-list'
import { keepShared, RecordCompilation, sharedModules } from './mini-shared'
import prodConfig from './prod'

// Taro 4 + React 18 + webpack5 runner.
// taro-ui's stylesheets get the school's runtime theme in place of their built-in blue (src/styles/taro-ui-theme.scss);
// ours take it from src/styles/tokens.scss themselves.
const taroUiTheme = path.resolve(__dirname, '..', 'src', 'styles', 'taro-ui-theme.scss').split(path.sep).join('/')
function withTaroUiTheme(content: string, loader: { resourcePath: string }): string {
  if (!/[\\/]node_modules[\\/]taro-ui[\\/]/.test(loader.resourcePath)) return content
  // @use rules must stay first (search-bar.scss opens with @use "sass:math")
  const head = /^(?:\s*(?:@use[^;]*;|\/\/[^\n]*))*/.exec(content)![0]
  return `${head}\n@import '${taroUiTheme}';\n${content.slice(head.length)}`
}
const sassLoaderOption = {
  additionalData: withTaroUiTheme,
  // dart-sass >=1.80 floods the log with deprecations from taro-ui's @import / slash-division scss
  sassOptions: {
    quietDeps: true,
    silenceDeprecations: ['import', 'slash-div', 'legacy-js-api', 'global-builtin', 'color-functions']
  }
}

// H5 only: taro-ui's inline icon font becomes a file fetched when an icon is drawn (config/h5-weight.ts)
const h5SassLoaderOption = {
  ...sassLoaderOption,
  additionalData: (content: string, loader: { resourcePath: string }) =>
    withTaroUiTheme(iconFontAsFile(content, loader.resourcePath, path.resolve(__dirname, '..')), loader)
}

export default defineConfig<'webpack5'>(async (merge) => {
  // fails a weapp or alipay build without TARO_APP_API_ORIGIN (config/api-origin.ts)
  const apiOrigin = requiredApiOrigin(process.env.TARO_ENV, process.env.TARO_APP_API_ORIGIN)
  // a module several subpackages use stays in the main package once instead of a copy in each (config/mini-shared.ts)
  const shared = sharedModules()
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'uplus-donate',
    date: '2026-11-22',
    designWidth: 750,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    outputRoot: `dist/${process.env.TARO_ENV}`,
    // config/mini-aria.js: aria-label and aria-role in WeChat's templates (docs/decisions/028, 043)
    plugins: ['@tarojs/plugin-platform-alipay', path.resolve(__dirname, 'mini-aria.js')],
    // The mini-programs reach the API server through an origin fixed at build time (README "Mini-program builds");
    // H5 uses its own origin, so this is always empty there (config/api-origin.ts).
    defineConstants: {
      API_ORIGIN: JSON.stringify(apiOrigin),
      DEFAULT_SCHOOL: JSON.stringify(process.env.TARO_APP_SCHOOL || '')
    },
    // WeChat reads which pages its search may index from sitemap.json (src/app.config.ts sitemapLocation, decision 045)
    copy: {
      patterns: process.env.TARO_ENV === 'weapp' ? [{ from: 'src/sitemap.json', to: 'dist/weapp/sitemap.json' }] : [],
      options: {}
    },
    // Use Taro's alias instead of tsconfig-paths-webpack-plugin: tsconfig "paths" also maps 'taro-ui' to
    // vendored .d.ts files (taro-ui@3.3.2 ships without its types/ folder), which must NOT reach webpack.
    alias: {
      '@': path.resolve(__dirname, '..', 'src'),
      '@contract': path.resolve(__dirname, '..', 'types', 'index.ts')
    },
    framework: 'react',
    compiler: 'webpack5',
    cache: { enable: process.env.TARO_CACHE === '1' },
    mini: {
      sassLoaderOption,
      optimizeMainPackage: { enable: true, exclude: [keepShared(shared)] },
      webpackChain(chain) {
        chain.plugin('record-compilation').use(RecordCompilation, [shared])
      },
      // types/ (the wire contract, imported as @contract) is TypeScript outside src/: compile it too
      compile: { include: [path.resolve(__dirname, '..', 'types')] },
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } }
      }
    },
    h5: {
      publicPath: '/',
      compile: { include: [path.resolve(__dirname, '..', 'types')] },
      staticDirectory: 'static',
      sassLoaderOption: h5SassLoaderOption,
      // fonts above 1 KB are files with hashed names (cached for good by the server), never data URIs in the CSS
      fontUrlLoaderOption: { limit: 1024, name: () => 'static/fonts/[name].[contenthash:8][ext]' },
      // REQUIRED for taro-ui on H5: without it node_modules css skips postcss (pxtransform) -> taro-ui renders
      // at 2x size (e.g. .at-tabs__item{font-size:28px} instead of rem) and tabs get truncated ("T…").
      esnextModules: ['taro-ui'],
      // Browser mode with docs/product §2 route names as paths (docs/decisions/002-h5-router-mode.md)
      router: { mode: 'browser', customRoutes: H5_ROUTES },
      output: {
        filename: 'js/[name].[hash:8].js',
        chunkFilename: 'js/[name].[chunkhash:8].js'
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[hash].css',
        chunkFilename: 'css/[name].[chunkhash].css'
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } }
      },
      // The first route's weight (docs/decisions/024-h5-weight.md, `npm run size:h5`): Taro's components one module
      // each, shared chunks for what page chunks have in common, brotli/gzip variants and the route manifest.
      webpackChain(chain) {
        const root = path.resolve(__dirname, '..')
        chain.resolve.alias.set('@tarojs/components$', writeSplitTaroComponents(root))
        chain.optimization.splitChunks(H5_SPLIT_CHUNKS)
        if (process.env.NODE_ENV !== 'development') {
          chain.plugin('precompress').use(PrecompressPlugin)
          chain.plugin('chunk-manifest').use(ChunkManifestPlugin, [path.join(root, 'dist', 'h5.chunks.json')])
        }
      }
    }
  }
  if (process.env.NODE_ENV === 'development') {
    return merge({}, baseConfig, devConfig)
  }
  return merge({}, baseConfig, prodConfig)
})
