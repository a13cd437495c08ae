/** The notification answer schemas live in the contract (types/schema/notice.ts, docs/decisions/056-donor-contract.md);
 *  this re-export serves the staff template settings route, which imports it by this path. */
export * from '../../../../types/schema/notice'
