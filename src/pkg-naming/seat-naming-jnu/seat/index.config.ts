export default definePageConfig({
  navigationBarTitleText: '选择座位'
})
