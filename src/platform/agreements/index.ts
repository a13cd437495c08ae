// Default resolution (type checking, jest, any target without its own file): the H5 adapter.
// Taro picks index.weapp.ts / index.alipay.ts / index.h5.ts by TARO_ENV at build time.
export { agreementAdapter, signAgreement, default } from './index.h5'
export type { AgreementAdapter, SignOptions, SignStep } from './types'
