// Public face of the donation-form feature: the screens of the form and agree-content pages.
export { default as DonateScreen } from './components/donate-screen'
export { default as AgreeContentScreen, useAgreementTitle } from './components/agree-content-screen'
