export default definePageConfig({
  navigationBarTitleText: '我的月捐'
})
