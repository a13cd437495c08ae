// Public face of the pledge feature: the hhu tree pledge screens tree-naming-hhu/detail, form and success.
export { default as TreeDetailScreen } from './components/detail-screen'
export { default as TreeFormScreen } from './components/form-screen'
export { default as TreeSuccessScreen } from './components/success-screen'
