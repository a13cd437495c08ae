export default definePageConfig({
  navigationBarTitleText: '按月捐赠'
})
