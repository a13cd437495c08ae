export default definePageConfig({
  navigationBarTitleText: '年度对账单'
})
