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
import type { Flag } from './entities'
import type { LangQuery, PageQuery } from './requests'
import type { Yuan } from './money'

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

/** GET areaList?itemsId: the project's areas, in display order. */
export interface NamingArea {
  id: number
  title: string
  imgUrl: string
  type: AreaTypeValue
}
export interface AreaListQuery extends LangQuery {
  itemsId: number
}

/** One naming period offered for a seat: e.g. {termName: '10年', termMoney: '20000.00', termYear: 10}. */
export interface SeatPrice {
  termName: string
  termMoney: Yuan
  /** years the naming lasts; 0 = permanent. It is the key the submission's seatList[].termYear picks. */
  termYear: number
}

/** A seat in seatList (docs/product §3 Seat). Donor fields are filled only for status 2 (masked / anonymised by the server). */
export interface Seat {
  id: number
  /** the seat's label, e.g. "3排12座" */
  seat: string
  status: SeatStatusValue
  /** 1 while another donor's unpaid order holds it (then status is 3) */
  held: Flag
  /** the naming record of a donated seat (nameplate-detail?type=1&id=donateSeatId); null when not donated */
  donateSeatId: number | null
  priceList: SeatPrice[]
  imgUrl: string
  areaId: number
  /** grid position (1-based); 0 in list areas */
  row: number
  col: number
  donorName: string
  donateTime: string
  donationMessage: string
}

/** GET seatList?areaId. Grids fill twoArray (rows of seats; null is a gap), lists fill oneArray; the other is []. */
export interface SeatListAnswer {
  type: AreaTypeValue
  twoArray: (Seat | null)[][]
  oneArray: Seat[]
}
export interface SeatListQuery extends LangQuery {
  areaId: number
}

// ---------------------------------------------------------------- books

/** GET bookCategoryList?itemsId&limit&offset (docs/product §9: 10 a page). */
export interface BookCategory {
  id: number
  title: string
}
export interface BookCategoryListQuery extends PageQuery {
  itemsId: number
}

/**
 * A book in bookList (docs/product §3 Book). `stock` is what can still be named now: copies neither named nor held by an
 * unpaid order. isChecked and namingCount (docs/product §3) are local to the app and never sent by the server.
 */
export interface Book {
  id: number
  title: string
  author: string
  press: string
  categoryId: number | null
  categoryTitle: string
  bookNo: string
  unitPrice: Yuan
  stock: number
  remarks: string
  imgUrl: string
}
/** GET bookList?itemsId&s&categoryId: every matching book (no paging: a shelf holds at most a few hundred). */
export interface BookListQuery extends LangQuery {
  itemsId: number
  s?: string
  categoryId?: number
}

// ---------------------------------------------------------------- nameplates

/** What a nameplate says. For seats donorIdentity is always ALUMNUS_IDENTITY. */
export interface NameplateText {
  donorName: string
  donorIdentity: string
  donationMessage: string
}

/** One element of a nameplate example: a placeholder drawn at (x, y) with CSS-like style, in the example's pixels. */
export interface NameplateElement {
  /** which text goes here: the donor, the identity, the message, or fixed text */
  key: 'donorName' | 'donorIdentity' | 'donationMessage' | 'text'
  /** the placeholder shown in the example (or the fixed text for key 'text') */
  text: string
  x: number
  y: number
  style: Record<string, string | number>
}

/** GET nameplateExample?itemsId: the examples of the editor's preview slider (docs/product §3 Nameplate example). */
export interface NameplateExample {
  id: number
  title: string
  bgImg: string
  exampleImg: string
  /** width and height of bgImg, the frame of the elements' x and y */
  width: number
  height: number
  configData: NameplateElement[]
}

/** GET getNameplateDetailConfig?itemsId: the nameplate-detail card (docs/product §3 Nameplate config, snake_case as there). */
export interface NameplateDetailConfig {
  bg_img: string
  bg_word: string
  bottom_img: string
  bg_color: string
}
export interface NameplateConfigQuery extends LangQuery {
  itemsId: number
}

/** One row of the nameplate-detail card. uiType 'richText' values are HTML (images previewable); 'image' a URL. */
export interface NameplateRow {
  fieldTitle: string
  fieldValue: string
  uiType: 'text' | 'richText' | 'image'
}

/**
 * GET getSeatShowData?id (id = donateSeatId) and getBookShowData?id (id = donateBookId): a named object's
 * nameplate for nameplate-detail?type&id. Public: the donor's name is masked / anonymised like every list. The
 * nameplate text is shown only once approved; before that `nameplate` is null for everyone but its owner.
 */
export interface NameplateShowData {
  id: number
  namingType: 1 | 2
  itemsId: number
  itemsName: string
  /** "3排12座" or the book title */
  objectName: string
  donorName: string
  donateTime: string
  nameplateStatus: NameplateStatusValue
  nameplate: NameplateText | null
  rowList: NameplateRow[]
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

// ---------------------------------------------------------------- naming lists

/**
 * donateSeatList / donateBookList rows are `NamingRecord` (types/entities.ts): `seat` names the seats or the books
 * ("《书名》×3") of one paid gift. namingList (user centre) rows are `PersonalNamingRecord` (types/center.ts), whose
 * donateSeatList entries carry the nameplate state below.
 */
export interface NamedObjectState {
  /** donateSeatId or donateBookId (nameplate-detail?type&id, nameplateUpdate) */
  namingId: number
  namingType: 1 | 2
  /** copies of a book; 1 for a seat */
  quantity: number
  nameplate: NameplateText
  nameplateStatus: NameplateStatusValue
  /** staff's reason when returned; '' otherwise */
  reviewReason: string
}

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
/** POST /nameplates/:id/review (id = namingId): approve, or return with a reason (required). GET /nameplates/:id adds history. */
export interface NameplateReviewBody {
  action: 'approve' | 'return'
  reason?: string
}
