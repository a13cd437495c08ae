export default definePageConfig({
  navigationBarTitleText: '冠名成功'
})
