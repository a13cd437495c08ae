/**
 * Naming seats and books on the wire (docs/product §2 Naming, §3 Seat, Area, Book, Book category, Nameplate example
 * and config, Donation submission; §4 seat cells; §5 Naming and Books; §7 Projects areaList … donateBookList).
 * Field names follow docs/product §3 exactly (other clients depend on them), including the snake_case of the nameplate
 * config. Money is `Yuan` (string, two decimals); the server prices every order from its own price list.
 *
 * Changes (additive only after the first version; newest first):
 * - v1.1: NameplateUpdateBody.nameplateList (books: one nameplate per copy); StaffNameplate.nameplateList; staff
 *   review path is /nameplates/:id/review (namingId is unique across seats and books).
 * - v1.1 (app half): NAMING_MUSIC_SETTING, the getSettingValue key of the campaign homes' background music.
 * - v1: first version.
 */

import type { NamingDonateSubmission } from './schema/naming'

/** The naming answers: the schemas of types/schema/naming.ts (docs/decisions/056-donor-contract.md). */
export type {
  NamingArea,
  SeatPrice,
  Seat,
  SeatListAnswer,
  BookCategory,
  Book,
  NameplateText,
  NameplateElement,
  NameplateExample,
  NameplateDetailConfig,
  NameplateRow,
  NameplateShowData,
  NamedObjectState
} from './schema/naming'
/** The naming requests: the schemas of types/schema/naming.ts (docs/decisions/066-donor-requests.md). */
export type {
  SeatListQuery,
  BookListQuery,
  ShowDataQuery,
  NameplateUpdateBody,
  SeatNamingEntry,
  BookNamingEntry,
  NamingDonateSubmission
} from './schema/naming'
/** One nameplate in the staff queue (GET /nameplates): the staff console's row, types/schema/staff-fulfilment.ts. */
export type { StaffNameplateRow as StaffNameplate } from './schema/staff-fulfilment'

// ---------------------------------------------------------------- constants

/** docs/product §3 Area type: 1 and 2 are grids (seatList answers twoArray), 3 is a list (oneArray). */
export const AreaType = { GRID: 1, GRID_ALT: 2, LIST: 3 } as const
export type AreaTypeValue = (typeof AreaType)[keyof typeof AreaType]

/**
 * docs/product §4 seat cell: 1 free (selectable), 2 donated (tap shows the donor), 3 unavailable (inert).
 * A seat held by another donor's unpaid order is sent as 3 with `held: 1` until that order is paid (2) or released (1).
 */
export const SeatStatus = { FREE: 1, DONATED: 2, UNAVAILABLE: 3 } as const
export type SeatStatusValue = (typeof SeatStatus)[keyof typeof SeatStatus]

/** namingType in the donation submission is a string (docs/product §3): '1' seat, '2' book. */
export type NamingTypeCode = NamingDonateSubmission['namingType']

/**
 * Nameplate review (the text waits for staff approval before it is engraved).
 * 1 pending review, 2 approved, 3 returned with a reason (the donor corrects it, which makes it pending again).
 */
export const NameplateStatus = { PENDING: 1, APPROVED: 2, RETURNED: 3 } as const
export type NameplateStatusValue = (typeof NameplateStatus)[keyof typeof NameplateStatus]

/**
 * getSettingValue key of the seat campaign homes' background music (docs/product §2: music toggle): a JSON object of item id
 * -> audio URL, e.g. {"1": "/files/naming/jnu-bgm.mp3"}. '' (unset) or no entry for the item: the home shows no
 * music toggle.
 */
export const NAMING_MUSIC_SETTING = 'naming_music'

/** docs/product §5: the donor identity of a seat nameplate is always the alumnus one (the value engraved). */
export const ALUMNUS_IDENTITY = '校友'

/** docs/product §5, §9 naming limits the server enforces on donate and on a nameplate correction. */
export const NAMING_LIMITS = {
  /** nameplate message, characters (code points) */
  MESSAGE_MAX: 20,
  /** nameplate donor name, characters */
  DONOR_NAME_MAX: 40,
  /** donor identity text of a book nameplate, characters */
  IDENTITY_MAX: 20,
  /** book title shown on a card before the ellipsis (client side) */
  BOOK_TITLE_CUT: 24,
  /** seats or distinct books in one order */
  OBJECTS_MAX: 50,
  /** staff return reason, characters */
  RETURN_REASON_MAX: 200
} as const
