export default definePageConfig({
  navigationBarTitleText: '捐赠协议'
})
