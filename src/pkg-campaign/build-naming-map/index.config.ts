export default definePageConfig({
  navigationBarTitleText: '楼宇冠名',
  enableShareTimeline: true,
  enableShareAppMessage: true,
  disableScroll: true
})
