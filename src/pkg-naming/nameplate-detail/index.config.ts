export default definePageConfig({
  navigationBarTitleText: '铭牌详情'
})
