export default definePageConfig({
  navigationBarTitleText: '票据详情'
})
