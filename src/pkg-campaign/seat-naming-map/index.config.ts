export default definePageConfig({
  navigationBarTitleText: '认领座椅',
  enableShareAppMessage: true,
  disableScroll: true
})
