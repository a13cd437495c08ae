export default definePageConfig({
  navigationBarTitleText: '捐赠节税计算',
  enableShareAppMessage: true
})
