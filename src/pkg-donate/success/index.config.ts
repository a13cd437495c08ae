export default definePageConfig({
  navigationBarTitleText: '捐赠成功',
  enableShareAppMessage: true
})
