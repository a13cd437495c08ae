import { detectEnv } from '@/platform/index.h5'

const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50'
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'
const ANDROID_MINI = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Mobile Safari/537.36 MicroMessenger/8.0 miniProgram'

describe('H5 environment detection (docs/product §9)', () => {
  it('treats a touch phone as mobile and spots the WeChat browser', () => {
    const env = detectEnv(IPHONE_WECHAT, true, 390)
    expect(env).toMatchObject({ target: 'h5', isMobile: true, inWechatBrowser: true, inMiniProgram: false })
  })
  it('treats a desktop browser as desktop even when narrow (no mobile agent)', () => {
    expect(detectEnv(DESKTOP, false, 700).isMobile).toBe(false)
    expect(detectEnv(DESKTOP, true, 1400).isMobile).toBe(false)
  })
  it('accepts a mobile agent without touch when the window is at most 768 px wide', () => {
    expect(detectEnv(IPHONE_WECHAT, false, 768).isMobile).toBe(true)
    expect(detectEnv(IPHONE_WECHAT, false, 1024).isMobile).toBe(false)
  })
  it('recognises a web-view inside a mini-program', () => {
    expect(detectEnv(ANDROID_MINI, true, 390).inMiniProgram).toBe(true)
    expect(detectEnv(IPHONE_WECHAT, true, 390, 'miniprogram').inMiniProgram).toBe(true)
  })
})
