export default definePageConfig({
  navigationBarTitleText: '认植协议'
})
