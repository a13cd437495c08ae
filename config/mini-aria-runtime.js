/**
 * The runtime half of config/mini-aria.js (weapp only, imported by the app's entry through Taro's `runtimePath`): the
 * same attributes in the runtime's component list, so the data keys get the aliases the templates read; and a
 * picture's name from `imageAlt` (`nativeProps.alt`, which H5 puts on its <img>) becomes its `aria-label`.
 */
import { hooks, mergeInternalComponents } from '@tarojs/shared'
import { ARIA_COMPONENTS } from './mini-aria-components'

mergeInternalComponents(ARIA_COMPONENTS)

hooks.tap('modifyHydrateData', (data) => {
  const native = data.nativeProps
  if (/image$/.test(data.nn) && native && typeof native.alt === 'string' && native.alt) data.ariaLabel = native.alt
})
