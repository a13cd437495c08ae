// App tests (components, pages, lib) rendered as H5 in jsdom, on @tarojs/test-utils-react's preset with the fixes
// Taro 4 needs (shared/recipes/taro-app/PROBE-REPORT.md): see test/setup/setup-taro.js.
const defineJestConfig = require('@tarojs/test-utils-react/dist/jest.js').default

module.exports = defineJestConfig({
  testEnvironment: 'jsdom',
  setupFiles: [require.resolve('@tarojs/test-utils-react/dist/jest/jest.setup.js'), '<rootDir>/test/setup/setup-taro.js'],
  testMatch: ['<rootDir>/test/unit/**/*.test.{js,jsx,ts,tsx}'],
  // @tarojs/taro-h5 vendors ESM under its own dist/node_modules/.pnpm/..., hence the whole-path lookahead.
  transformIgnorePatterns: [
    '^(?!.*/node_modules/(@tarojs|taro-ui|@stencil|swiper|lodash-es|query-string|decode-uri-component|split-on-first|filter-obj)/).*/node_modules/'
  ],
  // SWC, not the Taro preset's Babel transformer: the same TypeScript/JSX/CommonJS output for jest with native async,
  // about a quarter less CPU for the suite (docs/decisions/064-jest-through-swc.md)
  transform: {
    '^.+\\.(mjs|cjs|js|jsx|ts|tsx)$': '<rootDir>/test/setup/swc-transformer.js'
  },
  // resolve the H5 flavour of platform files first, as the H5 build does
  moduleFileExtensions: ['h5.ts', 'h5.tsx', 'ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    '^@contract$': '<rootDir>/types/index.ts',
    '^@/(.*)$': '<rootDir>/src/$1',
    '\\.(css|scss|sass|less|styl)$': '<rootDir>/test/setup/style-mock.js',
    '\\.(png|jpe?g|gif|svg|webp)$': '<rootDir>/test/setup/file-mock.js'
  },
  globals: { API_ORIGIN: '', DEFAULT_SCHOOL: '' },
  // The Taro preset sets bail: 1, and jest's 5 s default timeout is too short on a loaded 2-core machine: one slow
  // test then ended the whole run after two suites. Every suite runs and reports; a test gets 20 s.
  bail: 0,
  testTimeout: 20000,
  // A test's fake timers leave requestAnimationFrame real: Stencil (Taro's H5 components) schedules its renders with
  // it, and a render asked for while a test's clock was fake was dropped with that clock, which left Stencil's queue
  // flagged as pending for the rest of the file: no Taro <Canvas> drew its inner canvas again (the map pages then
  // never left "loading", in one CI run of two, depending on when a component's code finished loading)
  fakeTimers: { doNotFake: ['requestAnimationFrame', 'cancelAnimationFrame'] },
  // jest's default is one worker less than the cores: on a 2-core machine one worker, every suite in turn. Two workers
  // keep both cores busy (the suites share nothing but the transform cache)
  maxWorkers: 2
})
