export default definePageConfig({
  navigationBarTitleText: '选择书籍'
})
