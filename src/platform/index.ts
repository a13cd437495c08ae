// Default resolution (type checking, and any target without its own file): the H5 adapter.
// Taro picks index.weapp.ts / index.alipay.ts / index.h5.ts by TARO_ENV at build time.
export { platform, default } from './index.h5'
