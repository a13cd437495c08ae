export default definePageConfig({
  navigationBarTitleText: '认捐成功'
})
