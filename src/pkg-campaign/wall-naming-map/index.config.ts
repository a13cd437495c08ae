export default definePageConfig({
  navigationBarTitleText: '校友墙冠名',
  enableShareTimeline: true,
  enableShareAppMessage: true,
  disableScroll: true
})
