// Public face of the donation-form feature: the screens of the form and agree-content pages.
export { default as DonateScreen } from './components/donate-screen'
export { default as AgreeContentScreen, useAgreementTitle } from './components/agree-content-screen'
// The donor's details of formDetail.fieldList, for the other flows that take them with the same rules as the form
// (the naming forms, decision 048): one field by its ui type, which fields show, the first problem, the wire values.
export { default as DynamicField } from './components/dynamic-field'
export { firstFieldError, joinMobile, prefillValues, visibleFields, type FieldError, type FieldValues } from './model/fields'
export { errorText } from './model/validate'
// The permission gate (alumni only, sign-in) before a gift: the naming flows use the same one.
export { useAlumniPrecheck, usePermission, type PermissionGate } from './hooks/use-permission'
// WeChat's launch of the alumni mini-program, for the cpu contract form's box for non-certified alumni
export { AlumniLaunch, AlumniSignInButton } from './components/dialogs'
// Certificate, receipt and mailing address with their rules, for the naming forms (docs/decisions/048-naming-forms-whole.md)
export { default as FulfilmentSections } from './components/fulfilment-sections'
export {
  followDonorName,
  FULFILMENT_FIELDS,
  fulfilmentError,
  fulfilmentVisibility,
  fulfilmentWire,
  initialCodes,
  initialFulfilment,
  type FulfilmentState,
  type FulfilmentVisibility
} from './model/fulfilment'
// the campus card's number, password and balance (pay type 9), for the naming forms
export { default as CampusCardFields } from './components/campus-card-fields'
export { useCardBalance } from './hooks/use-card-balance'
