export default definePageConfig({
  navigationBarTitleText: '证书详情'
})
