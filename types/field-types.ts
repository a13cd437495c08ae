/** A leaf of the contract (no imports): the schemas' building blocks (types/schema/common.ts) read it without a cycle. */
/** The twelve dynamic field types of docs/product §3 fieldList. */
export const FIELD_UI_TYPES = [
  'input',
  'password',
  'number',
  'textarea',
  'mobile',
  'switch',
  'select',
  'select2',
  'date',
  'area',
  'year',
  'radio'
] as const
