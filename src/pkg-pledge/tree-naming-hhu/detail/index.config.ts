export default definePageConfig({
  navigationBarTitleText: '树木详情'
})
