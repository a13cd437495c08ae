/** Refund states as stored (refund.state); the row types are in db/schema.ts. */
import { REFUND_STATES, type RefundState } from '../../../../types/schema/staff-refunds'

/** docs/product §4 Refund: requested -> pending_approval | processing; pending_approval -> processing | closed;
 *  processing -> succeeded | failed | closed. */
export { REFUND_STATES, type RefundState }
/** the states whose amount is still held against the gift (not settled either way) */
export const OPEN_REFUND_STATES: readonly RefundState[] = ['requested', 'pending_approval', 'processing']
