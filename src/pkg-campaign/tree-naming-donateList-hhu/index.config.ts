export default definePageConfig({
  navigationBarTitleText: '认植名单'
})
