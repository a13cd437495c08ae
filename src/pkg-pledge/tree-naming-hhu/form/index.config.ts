export default definePageConfig({
  navigationBarTitleText: '认捐信息'
})
