export default definePageConfig({
  navigationBarTitleText: '校园树木地图',
  disableScroll: true
})
