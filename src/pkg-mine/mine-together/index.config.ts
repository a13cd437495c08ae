export default definePageConfig({
  navigationBarTitleText: '我的一起捐',
  onReachBottomDistance: 10
})
