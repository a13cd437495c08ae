/** Privacy (docs/decisions/041): the policy link and note for forms, the personal centre's rows, the consent prompt. */
export { PrivacyLink, PrivacyNote, openPolicy } from './components/privacy-link'
export { default as PrivacyActions } from './components/privacy-actions'
export { askPrivacyConsent } from './consent'
export { fetchPolicy } from './api/privacy'
export { consentBySubmit } from './consent-on-submit'
