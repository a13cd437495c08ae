export default definePageConfig({
  navigationBarTitleText: '更换头像',
  // the crop overlay takes every touch
  disableScroll: true
})
