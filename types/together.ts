/** Joint donations (docs/product §2 Joint donation, §3 Together donation, §7 Joint). */

/** The joint donation answers: the schemas of types/schema/together.ts (docs/decisions/056-donor-contract.md). */
export type { TogetherLaunchDetail, TogetherDetail, TogetherPoster } from './schema/together'
/** The launch request (docs/decisions/066-donor-requests.md). */
export type { InsertTogetherBody } from './schema/together'
