export default definePageConfig({
  navigationBarTitleText: '捐赠名录',
  enableShareAppMessage: true,
  // docs/product §9: scroll-load tolerance 10 px
  onReachBottomDistance: 10
})
