export default definePageConfig({
  navigationBarTitleText: '冠名名单'
})
