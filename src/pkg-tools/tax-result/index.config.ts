export default definePageConfig({
  navigationBarTitleText: '节税测算结果',
  enableShareAppMessage: true
})
