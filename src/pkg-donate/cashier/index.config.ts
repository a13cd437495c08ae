export default definePageConfig({
  navigationBarTitleText: '沙箱收银台'
})
