/** What a bill run can find, as stored (bill_finding.kind); the row types are in db/schema.ts. */
import { FINDING_KINDS, type FindingKind } from '../../../../types/schema/staff-bills'

/**
 * What a run found (docs/decisions/038-bill-reconciliation.md):
 * - missing_payment: the bill has a payment our order does not show as paid (staff apply it: the notification path);
 * - unpaid_at_provider: our order is paid, the provider's bill and its order query do not show it;
 * - amount_mismatch: the bill's amount for an order is not the order's;
 * - unknown_order: the bill has a payment for a bill number we never issued;
 * - unknown_refund: the bill has a refund we hold no record of (a merchant-console refund; staff apply it: the
 *   refund settle path), or one still open here that the bill shows done;
 * - refund_not_in_bill: a refund settled here that day is not in the bill;
 * - refund_mismatch: a refund's amount differs between the bill and here.
 */
export { FINDING_KINDS, type FindingKind }
/** the kinds a person can apply through the ordinary paths; the rest are resolved with a note */
export const APPLICABLE_KINDS: readonly FindingKind[] = ['missing_payment', 'unknown_refund']
