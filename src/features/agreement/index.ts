// Public face of agreement signing: the screens of tree-naming-hhu/preview and the contract-cpu pages.
export { default as HhuPreviewScreen } from './components/hhu-preview-screen'
export { default as ContractFormScreen } from './components/contract-form-screen'
export { default as ContractSignatureScreen } from './components/contract-signature-screen'
export { default as ContractAccountScreen } from './components/contract-account-screen'
export { default as ContractListScreen } from './components/contract-list-screen'
