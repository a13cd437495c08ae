// Pure public rules of the certificate feature that the receipt feature shares (no UI, no session): the contact
// mobile rule and its wire form, the status tone, the apply throttle and the validation problem type.
export { DEFAULT_AREA, displayMobile, isValidContactMobile, normaliseArea, splitAreaMobile, toAreaMobile } from './model/mobile'
export { statusTone, type StatusTone } from './model/status'
export { APPLY_THROTTLE_MS, createThrottle } from './model/throttle'
export type { Problem } from './model/apply'
