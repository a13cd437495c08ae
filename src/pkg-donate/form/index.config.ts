export default definePageConfig({
  navigationBarTitleText: '我要捐赠'
})
