export default definePageConfig({
  navigationBarTitleText: '编辑铭牌'
})
