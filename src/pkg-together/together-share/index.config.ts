export default definePageConfig({
  navigationBarTitleText: '一起捐',
  enableShareAppMessage: true,
  enableShareTimeline: true
})
