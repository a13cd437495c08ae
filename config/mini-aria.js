/**
 * A local Taro plugin: WeChat's accessibility attributes in the compiled templates (docs/decisions/028, 043).
 *
 * Taro 4.2's weapp templates bind a fixed list of attributes per component and none is aria-*, so what the app's
 * `pressable` (role, aria-label) and `imageAlt` (the picture's name) set in React never reached WeChat. This does what
 * `@tarojs/plugin-inject`'s `components` option does (npm has it only at 4.1.x, beside our 4.2.0 packages): it adds
 * `ariaLabel` and `role` to the View, Text and Image templates on the build side (`template.mergeComponents`) and the
 * same attributes to the runtime's component list (config/mini-aria-runtime.js, through `runtimePath`), so both sides
 * give them the same short aliases. WeChat names the role `aria-role`: the template writes React's `role` prop there.
 * weapp only: Alipay's AXML documents no aria attributes.
 */
const path = require('node:path')
const { ARIA_COMPONENTS } = require('./mini-aria-components')

const RUNTIME = path.resolve(__dirname, 'mini-aria-runtime.js')

module.exports = (ctx) => {
  ctx.registerMethod({
    name: 'onSetupClose',
    fn(platform) {
      if (process.env.TARO_ENV !== 'weapp' || !platform.template) return
      const template = platform.template
      template.mergeComponents(ctx, ARIA_COMPONENTS)
      const replace = template.replacePropName.bind(template)
      // the runtime's camelCase keys as WeChat's attribute names (React's `role` is WeChat's `aria-role`)
      template.replacePropName = (name, value, componentName, componentAlias) => {
        if (name === 'ariaLabel') return 'aria-label'
        if (name === 'role') return 'aria-role'
        return replace(name, value, componentName, componentAlias)
      }
      platform.runtimePath = Array.isArray(platform.runtimePath) ? [...platform.runtimePath, RUNTIME] : [platform.runtimePath, RUNTIME]
    }
  })
}
