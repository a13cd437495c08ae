export default definePageConfig({
  navigationBarTitleText: '首页',
  enableShareAppMessage: true,
  enableShareTimeline: true,
  enablePullDownRefresh: true
})
