export default definePageConfig({
  navigationBarTitleText: '参与名单',
  onReachBottomDistance: 10
})
