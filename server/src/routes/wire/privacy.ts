/** The privacy answer schemas live in the contract (types/schema/privacy.ts, docs/decisions/056-donor-contract.md);
 *  this re-export serves the staff settings route, which imports it by this path. */
export * from '../../../../types/schema/privacy'
