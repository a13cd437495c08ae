export default definePageConfig({
  navigationBarTitleText: '校友墙冠名',
  enableShareAppMessage: true,
  disableScroll: true
})
