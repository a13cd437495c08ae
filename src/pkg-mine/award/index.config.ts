export default definePageConfig({
  navigationBarTitleText: '勋章详情'
})
