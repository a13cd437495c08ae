// The form kit of the apply flows (certificates and receipts): a card, labelled rows, inputs, choice chips, notes and
// the mobile row with its dialling code.
export { Card, ChoiceRow, FieldRow, InputRow, Note, ReadRow, type ChoiceOption } from './rows'
export { default as MobileRow } from './mobile-row'
