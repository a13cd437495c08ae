export default definePageConfig({
  navigationBarTitleText: '我的冠名',
  onReachBottomDistance: 10
})
