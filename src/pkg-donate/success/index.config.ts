export default definePageConfig({
  navigationBarTitleText: '捐赠成功'
})
