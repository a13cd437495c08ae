/** Every local-storage key the app uses, with its value type, declared once (CONVENTIONS: typed storage). */
import type { Lang, NameplateText, SeatPrice, Yuan } from '@contract'
import { platform } from '@/platform'

/** A seat chosen on seat?id (or seat-naming-jnu/seat) and the naming period picked for it (a priceList termYear). */
export interface GmSeat {
  seatId: number
  areaId: number
  areaTitle: string
  /** the seat's label, e.g. "3排12座" */
  seat: string
  priceList: SeatPrice[]
  termYear: number | null
}

/** A book chosen on book-list?id with the copies to name (1 .. stock, docs/product §5). */
export interface GmBook {
  bookId: number
  title: string
  author: string
  imgUrl: string
  unitPrice: Yuan
  stock: number
  namingCount: number
}

/**
 * docs/product §3 local storage 'gm': what the donor chose and wrote, carried from seat / book-list through form-gm and edit
 * and back. Read through features/naming/model/selection.ts, which drops a value of any other shape.
 */
export interface GmSelection {
  itemsId: number
  /** 1 seats, 2 books */
  namingType: 1 | 2
  seats: GmSeat[]
  books: GmBook[]
  /** 'all': one nameplate for every object; 'each': one per object, keyed by objectKey() */
  mode: 'all' | 'each'
  nameplate: NameplateText
  nameplates: Record<string, NameplateText>
}

/**
 * docs/product §2 tree-naming-hhu/preview: the signed agreement the donor comes back with; the tree form reads it to
 * allow paying (only for the same item, name, mobile and amount it was signed for).
 */
export interface TreeAgreement {
  /** the signed PDF's link (the server's `hhu/sign/agreement/signature` answer) */
  url: string
  name: string
  mobile: string
  donationAmount: string
  itemsId: number
  /** ISO time the donor finished signing */
  signedAt: string
}

export interface StorageSchema {
  /** the signed hhu tree agreement (docs/product §2 tree-naming-hhu/preview) */
  treeAgreement: TreeAgreement
  token: string
  /** this installation's random id, sent as the `device` header (lib/device.ts) */
  device: string
  lang: Lang
  school: string
  /** chosen certificate tab (docs/product §2 Certificates) */
  cerTab: string
  /** chosen seats or books and their nameplates (docs/product §3 local storage 'gm') */
  gm: GmSelection
  home: string
  /** the tree form's query while its order is paid, so an unpaid order returns to that form (pay-back) */
  pledgeReturn: { itemsId: number; query: Record<string, string> }
  hasShownTreeNamingGuide: boolean
  /**
   * what the donor had on the donation form when a payment started: restored when the form comes back
   * after a cancelled, failed or unconfirmed payment, removed once the gift is paid. `state` is the form's own state
   * (features/donate/model/draft.ts reads it key by key and drops anything of another shape); no passwords.
   */
  donateDraft: { itemsId: number; savedAt: number; state: Record<string, unknown> }
  /** a project message typed before the H5 authorisation redirect, restored on return (project detail) */
  leaveMessageDraft: { itemsId: number; content: string }
}

export const store = {
  get<K extends keyof StorageSchema>(key: K): StorageSchema[K] | undefined {
    return platform.storage.get<StorageSchema[K]>(key)
  },
  set<K extends keyof StorageSchema>(key: K, value: StorageSchema[K]) {
    platform.storage.set(key, value)
  },
  remove(key: keyof StorageSchema) {
    platform.storage.remove(key)
  }
}
