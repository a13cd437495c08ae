// Runs the COMPILED mini-program bundles (dist/weapp, dist/alipay) in plain Node with miniprogram-simulate's API
// mocks: no transform, no jsdom (a jsdom `window` would make Taro's runtime think it is H5). SIM_PLATFORM picks
// the target; the WXML view test only runs for weapp (no AXML compiler exists outside Alipay's tools).
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/mini/**/*.test.js'],
  transform: {},
  testTimeout: 30000,
  bail: 0,
  // the app's own 5-minute token-refresh timer lives on in the simulated runtime by design
  forceExit: true
}
