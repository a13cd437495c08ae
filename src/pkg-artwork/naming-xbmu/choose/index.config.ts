export default definePageConfig({
  navigationBarTitleText: '选择作品'
})
