export default definePageConfig({
  navigationBarTitleText: '校园树木地图',
  enableShareAppMessage: true,
  enableShareTimeline: true,
  disableScroll: true
})
