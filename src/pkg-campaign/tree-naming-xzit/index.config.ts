export default definePageConfig({
  navigationBarTitleText: '认植校园树木',
  enableShareTimeline: true,
  enableShareAppMessage: true
})
