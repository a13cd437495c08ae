/**
 * The naming answers on the wire (docs/product §3 Seat, Area, Book, Book category, Nameplate example and config; §7
 * Projects areaList … getBookShowData; docs/decisions/056-donor-contract.md): each schema is the one source of its
 * shape, the type of the same name is `Static<>` of it. Field names follow docs/product §3 exactly, including the
 * snake_case of the nameplate config. The run-time constants (AreaType, SeatStatus, NameplateStatus, NAMING_LIMITS)
 * and the request shapes stay in types/naming.ts, TypeBox-free.
 */
import { Type, type Static } from 'typebox'
import { Flag, intEnum, Nullable, Num, NumOrNull, Opt, Page, Str, strEnum, Yuan } from './common'
import { DonateSubmission } from './donate'
import { body, optAny, optInt, optString, query, reqInt } from './wire-int'

/** docs/product §3 Area type (types/naming.ts AreaType): 1 and 2 are grids (twoArray), 3 is a list (oneArray). */
const AreaTypeValue = intEnum([1, 2, 3])
/** docs/product §4 seat cell (types/naming.ts SeatStatus): 1 free, 2 donated, 3 unavailable. */
const SeatStatusValue = intEnum([1, 2, 3])
/** types/naming.ts NameplateStatus: 1 pending review, 2 approved, 3 returned. */
export const NameplateStatusSchema = intEnum([1, 2, 3])

/** What a nameplate says. For seats donorIdentity is always ALUMNUS_IDENTITY. */
export const NameplateText = Type.Object({ donorName: Str, donorIdentity: Str, donationMessage: Str })
export type NameplateText = Static<typeof NameplateText>

/** GET areaList?itemsId: the project's areas, in display order. */
export const NamingArea = Type.Object({ id: Num, title: Str, imgUrl: Str, type: AreaTypeValue })
export type NamingArea = Static<typeof NamingArea>
export const NamingAreas = Type.Array(NamingArea)

/** One naming period offered for a seat: e.g. {termName: '10年', termMoney: '20000.00', termYear: 10}. */
export const SeatPrice = Type.Object({
  termName: Str,
  termMoney: Yuan,
  /** years the naming lasts; 0 = permanent. It is the key the submission's seatList[].termYear picks. */
  termYear: Num
})
export type SeatPrice = Static<typeof SeatPrice>

/** A seat in seatList (docs/product §3 Seat). Donor fields are filled only for status 2 (masked / anonymised by the server). */
export const Seat = Type.Object({
  id: Num,
  /** the seat's label, e.g. "3排12座" */
  seat: Str,
  status: SeatStatusValue,
  /** 1 while another donor's unpaid order holds it (then status is 3) */
  held: Flag,
  /** the naming record of a donated seat (nameplate-detail?type=1&id=donateSeatId); null when not donated */
  donateSeatId: NumOrNull,
  priceList: Type.Array(SeatPrice),
  imgUrl: Str,
  areaId: Num,
  /** grid position (1-based); 0 in list areas */
  row: Num,
  col: Num,
  donorName: Str,
  donateTime: Str,
  donationMessage: Str
})
export type Seat = Static<typeof Seat>

/** GET seatList?areaId. Grids fill twoArray (rows of seats; null is a gap), lists fill oneArray; the other is []. */
export const SeatListAnswer = Type.Object({
  type: AreaTypeValue,
  twoArray: Type.Array(Type.Array(Nullable(Seat))),
  oneArray: Type.Array(Seat)
})
export type SeatListAnswer = Static<typeof SeatListAnswer>

/** GET bookCategoryList?itemsId&limit&offset (docs/product §9: 10 a page). */
export const BookCategory = Type.Object({ id: Num, title: Str })
export type BookCategory = Static<typeof BookCategory>
export const BookCategoryPage = Page(BookCategory)

/**
 * A book in bookList (docs/product §3 Book). `stock` is what can still be named now: copies neither named nor held by an
 * unpaid order. isChecked and namingCount (docs/product §3) are local to the app and never sent by the server.
 */
export const Book = Type.Object({
  id: Num,
  title: Str,
  author: Str,
  press: Str,
  categoryId: NumOrNull,
  categoryTitle: Str,
  bookNo: Str,
  unitPrice: Yuan,
  stock: Num,
  remarks: Str,
  imgUrl: Str
})
export type Book = Static<typeof Book>
export const Books = Type.Array(Book)

const StyleMap = Type.Unsafe<Record<string, string | number>>({ type: 'object', additionalProperties: { type: ['string', 'number'] } })
/** One element of a nameplate example: a placeholder drawn at (x, y) with CSS-like style, in the example's pixels. */
export const NameplateElement = Type.Object({
  /** which text goes here: the donor, the identity, the message, or fixed text */
  key: strEnum(['donorName', 'donorIdentity', 'donationMessage', 'text'] as const),
  /** the placeholder shown in the example (or the fixed text for key 'text') */
  text: Str,
  x: Num,
  y: Num,
  style: StyleMap
})
export type NameplateElement = Static<typeof NameplateElement>

/** GET nameplateExample?itemsId: the examples of the editor's preview slider (docs/product §3 Nameplate example). */
export const NameplateExample = Type.Object({
  id: Num,
  title: Str,
  bgImg: Str,
  exampleImg: Str,
  /** width and height of bgImg, the frame of the elements' x and y */
  width: Num,
  height: Num,
  configData: Type.Array(NameplateElement)
})
export type NameplateExample = Static<typeof NameplateExample>
export const NameplateExamples = Type.Array(NameplateExample)

/** GET getNameplateDetailConfig?itemsId: the nameplate-detail card (docs/product §3 Nameplate config, snake_case as there). */
export const NameplateDetailConfig = Type.Object({ bg_img: Str, bg_word: Str, bottom_img: Str, bg_color: Str })
export type NameplateDetailConfig = Static<typeof NameplateDetailConfig>

/** One row of the nameplate-detail card. uiType 'richText' values are HTML (images previewable); 'image' a URL. */
export const NameplateRow = Type.Object({ fieldTitle: Str, fieldValue: Str, uiType: strEnum(['text', 'richText', 'image'] as const) })
export type NameplateRow = Static<typeof NameplateRow>

/**
 * GET getSeatShowData?id (id = donateSeatId) and getBookShowData?id (id = donateBookId): a named object's
 * nameplate for nameplate-detail?type&id. Public: the donor's name is masked / anonymised like every list. The
 * nameplate text is shown only once approved; before that `nameplate` is null for everyone but its owner.
 */
export const NameplateShowData = Type.Object({
  id: Num,
  namingType: intEnum([1, 2]),
  itemsId: Num,
  itemsName: Str,
  /** "3排12座" or the book title */
  objectName: Str,
  donorName: Str,
  donateTime: Str,
  nameplateStatus: NameplateStatusSchema,
  nameplate: Nullable(NameplateText),
  rowList: Type.Array(NameplateRow)
})
export type NameplateShowData = Static<typeof NameplateShowData>

/**
 * The nameplate state of one named seat or book (namingList rows of the user centre, types/schema/center.ts; the
 * staff queue, types/naming.ts StaffNameplate). donateSeatList / donateBookList rows are `NamingRecord`
 * (types/schema/entities.ts).
 */
export const NamedObjectState = Type.Object({
  /** donateSeatId or donateBookId (nameplate-detail?type&id, nameplateUpdate) */
  namingId: Num,
  namingType: intEnum([1, 2]),
  /** copies of a book; 1 for a seat */
  quantity: Num,
  nameplate: NameplateText,
  nameplateStatus: NameplateStatusSchema,
  /** staff's reason when returned; '' otherwise */
  reviewReason: Str
})
export type NamedObjectState = Static<typeof NamedObjectState>

// ---------------------------------------------------------------- requests (docs/decisions/066-donor-requests.md)

export const SeatListQuery = query({ areaId: reqInt() })
export type SeatListQuery = Static<typeof SeatListQuery>
/** GET bookList?itemsId&s&categoryId: every matching book (no paging: a shelf holds at most a few hundred). */
export const BookListQuery = query({ itemsId: reqInt(), s: optString(100), categoryId: optInt() })
export type BookListQuery = Static<typeof BookListQuery>
/** GET getSeatShowData / getBookShowData: the owner sees their own nameplate before review when the token comes along. */
export const ShowDataQuery = query({ id: reqInt(), token: optString(200) })
export type ShowDataQuery = Static<typeof ShowDataQuery>

/** POST nameplateUpdate: the owner corrects a returned (or still pending) nameplate; it goes back to pending. Books
 *  may send `nameplateList` (NameplateText[]): one nameplate for every copy or exactly one per copy (then the fields
 *  above are ignored); the server checks it entry by entry with a -1, so the schema takes any JSON there. */
export const NameplateUpdateBody = body({
  namingType: reqInt(1, 2),
  namingId: reqInt(),
  // generous bounds for the shape check; the rules (lengths in characters, counts) are the server's, answered with a -1
  donorName: optString(400),
  donorIdentity: optString(400),
  donationMessage: optString(400),
  nameplateList: optAny(),
  token: optString(200)
})
export type NameplateUpdateBody = Static<typeof NameplateUpdateBody>

/** seatList[] of a seat naming order (docs/product §3). termYear picks one entry of the seat's priceList. */
export const SeatNamingEntry = Type.Object({ ...NameplateText.properties, seatId: Num, areaId: Num, itemsId: Num, termYear: Num })
export type SeatNamingEntry = Static<typeof SeatNamingEntry>

/** bookList[] of a book naming order (docs/product §3). title and unitPrice are the client's view: the server re-prices. */
export const BookNamingEntry = Type.Object({
  bookId: Num,
  itemsId: Num,
  /** copies, 1 .. stock */
  namingCount: Num,
  /** one nameplate for every copy, or exactly namingCount (one per copy, in order) */
  nameplateList: Type.Array(NameplateText),
  title: Str,
  unitPrice: Yuan
})
export type BookNamingEntry = Static<typeof BookNamingEntry>

/**
 * POST donate with itemsType 2 (same call, same answer DonateAnswer, same payment flow as every gift): what the app
 * sends. The server validates every donate with DonateSubmission, whose naming fields take any JSON because each entry
 * is checked with a -1 naming the seat or the book; these are the entries' shapes the server reads.
 * currencyMoney must equal the server's sum (seats: the chosen termMoney of each; books: unitPrice x namingCount):
 * otherwise code -1 and nothing is created. A seat held or donated, or copies beyond the stock: code -1 with a
 * message naming the seat or the book, and nothing of the order is created. The chosen seats and copies are held
 * until the order is paid (named), cancelled or expired (released).
 */
export const NamingDonateSubmission = Type.Object({
  ...Type.Omit(DonateSubmission, ['itemsType', 'namingType', 'seatList', 'bookList']).properties,
  itemsType: intEnum([2]),
  /** '1' seat, '2' book (a string, docs/product §3) */
  namingType: strEnum(['1', '2']),
  seatList: Opt(Type.Array(SeatNamingEntry)),
  bookList: Opt(Type.Array(BookNamingEntry))
})
export type NamingDonateSubmission = Static<typeof NamingDonateSubmission>
