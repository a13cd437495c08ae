// The one form kit: the apply forms (certificates, receipts) and the donation form, each in its own skin.
export {
  Card,
  ChoiceRow,
  Chips,
  FieldErrorLine,
  FieldErrorText,
  FieldRow,
  InputRow,
  Note,
  ReadRow,
  SwitchRow,
  ValueRow,
  ValueText,
  type Choice
} from './rows'
export { default as MobileRow } from './mobile-row'
export { FormSkin, type SkinName } from './skin'
export { FieldErrors, fieldAria, fieldRowId, firstField, scrollToField, useFieldError, type FieldErrorMap } from './errors'
export { useFormErrors, type FormErrors } from './use-form-errors'
