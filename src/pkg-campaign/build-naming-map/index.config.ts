export default definePageConfig({
  navigationBarTitleText: '楼宇冠名',
  enableShareAppMessage: true,
  disableScroll: true
})
