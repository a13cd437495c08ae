/** The entities' answer schemas live in the contract (types/schema/entities.ts, docs/decisions/056-donor-contract.md);
 *  this re-export serves the staff project routes, which import it by this path. */
export * from '../../../../types/schema/entities'
