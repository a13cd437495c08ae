/** A leaf of the contract (no imports): the donate schemas (types/schema/donate.ts) read these lists without a cycle;
 *  types/donate.ts re-exports them for the app. */

/** docs/product §4 pay types. 99 (one school's bank-app option) creates no order: see DonateAnswer. The form's
 *  `payPlatformList` (types/schema/donate.ts) is an enum of exactly these values, so a new code is one edit here. */
export const PayTypes = {
  WECHAT: 1,
  ALIPAY: 2,
  CAMPUS_CARD: 9,
  THIRD_PARTY: 14,
  WECHAT_OTHER: 15,
  BANK_APP: 99
} as const
export type PayTypeCode = (typeof PayTypes)[keyof typeof PayTypes]

/**
 * Where the donor pays from: donateFrom cannot tell the two mini-programs apart. weapp: the WeChat
 * mini-program; alipay: the Alipay mini-program; wechat-h5: H5 inside WeChat's browser; h5: any other browser. The server
 * picks the school's credentials (AppID, merchant) by it and refuses a pay type the channel cannot complete.
 */
export const PAY_CHANNELS = ['weapp', 'alipay', 'h5', 'wechat-h5'] as const
export type PayChannelCode = (typeof PAY_CHANNELS)[number]

/** docs/product §3 donateFrom: U5 messaging-app web, U6 mini-program, U1 other. */
export const DONATE_FROMS = ['U1', 'U5', 'U6'] as const
export type DonateFrom = (typeof DONATE_FROMS)[number]

/**
 * Where getAuthToken's `code` comes from: `weapp` (Taro.login, exchanged with WeChat jscode2session), `alipay`
 * (my.getAuthCode, alipay.system.oauth.token), `h5` (the WeChat official-account OAuth redirect of getAuthUrl).
 * Absent means h5. A platform the school has no credentials for uses the sandbox (the code is the openId).
 */
export const LOGIN_PLATFORMS = ['weapp', 'alipay', 'h5'] as const
export type LoginPlatform = (typeof LOGIN_PLATFORMS)[number]
