/** Table types of migration 013 (naming seats and books), merged into db/types.ts's DB (see domain/identity/tables.ts). */
import type { Generated } from 'kysely'

type Ts = string

/**
 * Seat status as stored. 1, 2 and 3 are docs/product §4's cells; 4 is "held by an unpaid order" (hold_donation_id), which
 * the wire shows as 3 with `held: 1`. Every change is a conditional UPDATE on the current status (holds.ts).
 */
export const SEAT_FREE = 1
export const SEAT_DONATED = 2
export const SEAT_UNAVAILABLE = 3
export const SEAT_HELD = 4

export interface NamingAreaTable {
  id: Generated<number>
  school_id: number
  items_id: number
  title: string
  img_url: string
  /** docs/product §3: 1, 2 grid; 3 list */
  type: number
  /** JSON [{termName, termYear, fen}]: the periods offered for the area's seats */
  price_list: string
  sort_no: number
}

export interface NamingSeatTable {
  id: Generated<number>
  school_id: number
  items_id: number
  area_id: number
  label: string
  /** grid position (1-based); 0 in list areas */
  row_no: number
  col_no: number
  sort_no: number
  img_url: string
  /** JSON like the area's; '' = the area's list */
  price_list: Generated<string>
  status: number
  /** the unpaid order holding it (status 4) */
  hold_donation_id: number | null
  /** the naming record that named it (status 2) */
  record_id: number | null
  updated_at: Ts
}

export interface BookCategoryTable {
  id: Generated<number>
  school_id: number
  items_id: number
  title: string
  sort_no: number
}

/** `stock` copies are still to be named; `held` of them are held by unpaid orders (available = stock - held). */
export interface NamingBookTable {
  id: Generated<number>
  school_id: number
  items_id: number
  category_id: number | null
  title: string
  author: string
  press: string
  book_no: string
  unit_fen: number
  stock: number
  held: Generated<number>
  remarks: string
  img_url: string
  sort_no: number
}

/** 'held' while its order is unpaid; 'named' once paid; 'released' when the order was cancelled or expired;
 *  'review' when an order was paid but its hold was gone (never a second owner: staff refund or resolve). */
export type NamingRecordStatus = 'held' | 'named' | 'released' | 'review'

/** One seat, or one book line (quantity copies), of a naming order: its price, nameplate and review state. */
export interface NamingRecordTable {
  id: Generated<number>
  school_id: number
  donation_id: number
  items_id: number
  user_id: number | null
  kind: 'seat' | 'book'
  seat_id: number | null
  book_id: number | null
  area_id: number | null
  /** "A区3排12座" or the book title */
  label: string
  quantity: number
  term_year: number
  term_name: string
  unit_fen: number
  amount_fen: number
  donor_name: string
  donor_identity: string
  donation_message: string
  /** books: JSON NameplateText[] (one for all copies, or one per copy); '' for seats */
  nameplate_list: string
  status: NamingRecordStatus
  /** types/naming.ts NameplateStatus: 1 pending, 2 approved, 3 returned */
  nameplate_status: number
  review_reason: string
  reviewed_by: number | null
  reviewed_at: Ts | null
  named_at: Ts | null
  /** end of the naming period; null = permanent (term_year 0) or not named yet */
  expire_at: Ts | null
  created_at: Ts
  updated_at: Ts
}

/** Every nameplate submission, correction and review, with who and when (the engraving is only ever the approved text). */
export interface NameplateHistoryTable {
  id: Generated<number>
  school_id: number
  record_id: number
  action: 'correct' | 'approve' | 'return'
  staff_id: number | null
  user_id: number | null
  reason: string
  /** JSON NameplateText (books: the list) as it stood after the action */
  text: string
  created_at: Ts
}

export interface NameplateExampleTable {
  id: Generated<number>
  school_id: number
  items_id: number
  title: string
  bg_img: string
  example_img: string
  width: number
  height: number
  /** JSON NameplateElement[] */
  config_data: string
  sort_no: number
}

export interface NameplateConfigTable {
  school_id: number
  items_id: number
  bg_img: string
  bg_word: string
  bottom_img: string
  bg_color: string
}

declare module '../../db/types' {
  interface DB {
    naming_area: NamingAreaTable
    naming_seat: NamingSeatTable
    book_category: BookCategoryTable
    naming_book: NamingBookTable
    naming_record: NamingRecordTable
    nameplate_history: NameplateHistoryTable
    nameplate_example: NameplateExampleTable
    nameplate_config: NameplateConfigTable
  }
}
