/**
 * Public face of the certificate feature: the screens of mine-certificate and mine-certificate-detail, and the
 * apply-flow kit the receipt feature shares (form rows, picker, status chip, dialogs); pure rules in ./rules.
 */
export { default as CertificateScreen } from './components/certificate-screen'
export { default as CertificateDetailScreen, copyText } from './components/certificate-detail-screen'
export { default as SignedInGate } from './components/kit/signed-in-gate'
export { Card, ChoiceRow, InputRow, ReadRow, Note, FieldRow } from './components/kit/form-kit'
export { InfoRow, ProjectBlock } from './components/kit/info-rows'
export { default as MobileRow } from './components/kit/mobile-row'
export { default as StatusChip } from './components/kit/status-chip'
export { default as SegmentTabs } from './components/kit/segment-tabs'
export { default as DonationPicker } from './components/kit/donation-picker'
export { default as ActionBar } from './components/kit/action-bar'
export { default as ResultDialog } from './components/kit/result-dialog'
export { default as Steps } from './components/kit/steps'
export { default as ChosenGifts } from './components/kit/chosen-gifts'
export { scrollToTop, useApplyPicker, useApplySubmit } from './hooks/use-apply'
export { useRemote } from './hooks/use-remote'
export { postApply, type ApplyResult } from './api/certificate'
export * from './rules'
