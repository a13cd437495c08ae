export default definePageConfig({
  navigationBarTitleText: '校园树木地图',
  enableShareTimeline: true,
  enableShareAppMessage: true,
  disableScroll: true
})
