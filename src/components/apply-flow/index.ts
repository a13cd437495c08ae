// The two-step apply flow of certificates and receipts, with its pieces that the list screens also use.
export { default as ApplyFlow, type ApplyKind } from './apply-flow'
export { default as ActionBar, type BarAction } from './action-bar'
export { postApply, type ApplyResult } from './api'
export { toStayView, type StayView } from './stay'
export { APPLY_THROTTLE_MS, createThrottle } from './throttle'
export { scrollToTop, useApplyMode } from './use-apply'
