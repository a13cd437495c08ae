export default definePageConfig({
  navigationBarTitleText: '汇款信息'
})
