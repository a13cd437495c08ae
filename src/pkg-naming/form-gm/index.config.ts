export default definePageConfig({
  navigationBarTitleText: '冠名确认'
})
