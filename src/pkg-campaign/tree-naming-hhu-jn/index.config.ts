export default definePageConfig({
  navigationBarTitleText: '江宁校区树木地图',
  enableShareAppMessage: true,
  enableShareTimeline: true,
  disableScroll: true
})
