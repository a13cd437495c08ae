export default definePageConfig({
  navigationBarTitleText: '座位冠名'
})
