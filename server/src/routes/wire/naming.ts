/** The naming answer schemas live in the contract (types/schema/naming.ts, docs/decisions/056-donor-contract.md);
 *  this re-export serves the staff answer schemas (wire/staff.ts), which import it by this path. */
export * from '../../../../types/schema/naming'
