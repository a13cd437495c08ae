export default definePageConfig({
  navigationBarTitleText: '本部校区树木地图',
  enableShareAppMessage: true,
  enableShareTimeline: true,
  disableScroll: true
})
