export default definePageConfig({
  navigationBarTitleText: '本部校区树木地图',
  disableScroll: true
})
