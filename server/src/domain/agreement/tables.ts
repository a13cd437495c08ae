/** Agreement status as stored (agreement.status); the row types are in db/schema.ts. */
export const AGREEMENT_GENERATED = 1
export const AGREEMENT_SIGNED = 2
