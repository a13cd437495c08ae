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
import type { DonateSubmission } from './donate'
import type { LangQuery, PageQuery } from './requests'
import type { Yuan } from './money'
import type { NamedObjectState, NameplateText } from './schema/naming'

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
export type NamingTypeCode = '1' | '2'

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

// ---------------------------------------------------------------- seats and areas

export interface AreaListQuery extends LangQuery {
  itemsId: number
}

export interface SeatListQuery extends LangQuery {
  areaId: number
}

// ---------------------------------------------------------------- books

export interface BookCategoryListQuery extends PageQuery {
  itemsId: number
}

/** GET bookList?itemsId&s&categoryId: every matching book (no paging: a shelf holds at most a few hundred). */
export interface BookListQuery extends LangQuery {
  itemsId: number
  s?: string
  categoryId?: number
}

// ---------------------------------------------------------------- nameplates

export interface NameplateConfigQuery extends LangQuery {
  itemsId: number
}

export interface ShowDataQuery extends LangQuery {
  id: number
}

// ---------------------------------------------------------------- donation submission (itemsType 2)

/** seatList[] of a seat naming order (docs/product §3). termYear picks one entry of the seat's priceList. */
export interface SeatNamingEntry extends NameplateText {
  seatId: number
  areaId: number
  itemsId: number
  termYear: number
}

/** bookList[] of a book naming order (docs/product §3). title and unitPrice are the client's view: the server re-prices. */
export interface BookNamingEntry {
  bookId: number
  itemsId: number
  /** copies, 1 .. stock */
  namingCount: number
  /** one nameplate for every copy, or exactly namingCount (one per copy, in order) */
  nameplateList: NameplateText[]
  title: string
  unitPrice: Yuan
}

/**
 * POST donate with itemsType 2 (same call, same answer DonateAnswer, same payment flow as every gift).
 * currencyMoney must equal the server's sum (seats: the chosen termMoney of each; books: unitPrice x namingCount):
 * otherwise code -1 and nothing is created. A seat held or donated, or copies beyond the stock: code -1 with a
 * message naming the seat or the book, and nothing of the order is created. The chosen seats and copies are held
 * until the order is paid (named), cancelled or expired (released).
 */
export interface NamingDonateSubmission extends Omit<DonateSubmission, 'itemsType'> {
  itemsType: 2
  namingType: NamingTypeCode
  seatList?: SeatNamingEntry[]
  bookList?: BookNamingEntry[]
}

// ---------------------------------------------------------------- nameplate corrections

/** POST nameplateUpdate: the owner corrects a returned (or still pending) nameplate; it goes back to pending. */
export interface NameplateUpdateBody extends NameplateText {
  namingType: 1 | 2
  namingId: number
  /** books only, optional: one nameplate for every copy or exactly one per copy (then the fields above are ignored) */
  nameplateList?: NameplateText[]
}

// ---------------------------------------------------------------- staff review (/staff-api/{school}/nameplates)

/** One nameplate in the staff queue: GET /nameplates?status=pending|all|1|2|3&limit&offset (oldest first). */
export interface StaffNameplate extends NamedObjectState {
  itemsId: number
  itemsName: string
  objectName: string
  billNo: string
  paidAt: string
  updatedAt: string
  /** books: the nameplate of every copy (one entry when all copies share it) */
  nameplateList: NameplateText[]
}
