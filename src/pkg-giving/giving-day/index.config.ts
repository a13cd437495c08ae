export default definePageConfig({
  navigationBarTitleText: '捐赠日',
  enableShareAppMessage: true,
  enableShareTimeline: true
})
