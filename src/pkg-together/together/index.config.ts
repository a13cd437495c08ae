export default definePageConfig({
  navigationBarTitleText: '发起一起捐'
})
