export default definePageConfig({
  navigationBarTitleText: '协议签署'
})
