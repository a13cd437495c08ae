export default definePageConfig({
  navigationBarTitleText: '艺术作品冠名'
})
