export default definePageConfig({
  navigationBarTitleText: '捐赠名单',
  onReachBottomDistance: 10
})
