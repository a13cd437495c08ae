export default definePageConfig({
  navigationBarTitleText: '认领座椅',
  enableShareTimeline: true,
  enableShareAppMessage: true,
  disableScroll: true
})
