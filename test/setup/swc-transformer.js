/**
 * jest's transform for the app suite: SWC instead of Babel (babel-preset-taro + preset-env to ES5), docs/decisions/064.
 * What it must do that the Taro preset's babel-transformer does:
 *  - TypeScript and JSX (React's automatic runtime, as babel-preset-taro sets it);
 *  - ES modules to CommonJS for jest;
 *  - the two rewrites of @tarojs/test-utils-react's babel-transformer: @tarojs/taro's api-loader on its runtime file,
 *    and process.env.TARO_ENV read as TARO_ENV_JEST first in src/.
 * The target is the Node jest runs on, so async functions stay native.
 */
const path = require('node:path')
const crypto = require('node:crypto')
const swc = require('@swc/core')
const apiLoader = require('@tarojs/plugin-framework-react/dist/api-loader.js')

const SRC = path.join(process.cwd(), 'src')
const VERSION = require('@swc/core/package.json').version

function options(filename) {
  const ts = /\.tsx?$/.test(filename)
  const jsx = /\.(jsx|tsx)$/.test(filename) || (!ts && filename.includes(`${path.sep}src${path.sep}`))
  return {
    filename,
    sourceMaps: 'inline',
    swcrc: false,
    configFile: false,
    module: { type: 'commonjs', ignoreDynamic: false, importInterop: 'babel' },
    jsc: {
      target: 'es2022',
      parser: ts ? { syntax: 'typescript', tsx: filename.endsWith('.tsx'), decorators: true } : { syntax: 'ecmascript', jsx: true },
      transform: {
        react: { runtime: 'automatic', development: false },
        legacyDecorator: true,
        useDefineForClassFields: false,
        // babel-plugin-jest-hoist's job: jest.mock() calls above the imports (what @swc/jest turns on)
        hidden: { jest: true }
      },
      keepClassNames: true
    }
  }
}

function prepare(sourceText, sourcePath) {
  if (sourcePath.includes('test-utils-react/dist/jest/runtime/taro-h5.js')) sourceText = apiLoader(sourceText)
  if (sourcePath.startsWith(SRC)) {
    sourceText = sourceText.replace(/process\.env\.TARO_ENV/g, 'process.env.TARO_ENV_JEST || process.env.TARO_ENV')
  }
  return sourceText
}

module.exports = {
  process(sourceText, sourcePath) {
    const out = swc.transformSync(prepare(sourceText, sourcePath), options(sourcePath))
    return { code: out.code }
  },
  getCacheKey(sourceText, sourcePath, { configString }) {
    return crypto
      .createHash('sha1')
      .update(VERSION)
      .update('\0')
      .update(fs_read_self())
      .update('\0')
      .update(sourcePath)
      .update('\0')
      .update(sourceText)
      .update('\0')
      .update(configString)
      .digest('hex')
  }
}

let self
function fs_read_self() {
  if (!self) self = require('node:fs').readFileSync(__filename, 'utf8')
  return self
}
