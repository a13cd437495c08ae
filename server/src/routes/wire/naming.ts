/** Answer schemas of types/naming.ts (seats, books, nameplates). */
import { Type } from 'typebox'
import type * as W from '../../../../types'
import { wireSchema } from '../../lib/schemas'
import { Flag, intEnum, Nullable, Num, NumOrNull, Page, Str, strEnum, Yuan } from './common'

export const NameplateText = wireSchema<W.NameplateText>()(Type.Object({ donorName: Str, donorIdentity: Str, donationMessage: Str }))

// ---------------------------------------------------------------- naming answers (routes/naming)

export const NamingAreas = wireSchema<W.NamingArea[]>()(
  Type.Array(Type.Object({ id: Num, title: Str, imgUrl: Str, type: intEnum([1, 2, 3]) }))
)

const SeatPrice = wireSchema<W.SeatPrice>()(Type.Object({ termName: Str, termMoney: Yuan, termYear: Num }))
const Seat = wireSchema<W.Seat>()(
  Type.Object({
    id: Num,
    seat: Str,
    status: intEnum([1, 2, 3]),
    held: Flag,
    donateSeatId: NumOrNull,
    priceList: Type.Array(SeatPrice),
    imgUrl: Str,
    areaId: Num,
    row: Num,
    col: Num,
    donorName: Str,
    donateTime: Str,
    donationMessage: Str
  })
)
export const SeatListAnswer = wireSchema<W.SeatListAnswer>()(
  Type.Object({
    type: intEnum([1, 2, 3]),
    twoArray: Type.Array(Type.Array(Nullable(Seat))),
    oneArray: Type.Array(Seat)
  })
)

export const Books = wireSchema<W.Book[]>()(
  Type.Array(
    Type.Object({
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
  )
)
export const BookCategoryPage = wireSchema<W.Page<W.BookCategory>>()(Page(Type.Object({ id: Num, title: Str })))

const StyleMap = Type.Unsafe<Record<string, string | number>>({ type: 'object', additionalProperties: { type: ['string', 'number'] } })
const NameplateElement = wireSchema<W.NameplateElement>()(
  Type.Object({
    key: strEnum(['donorName', 'donorIdentity', 'donationMessage', 'text'] as const),
    text: Str,
    x: Num,
    y: Num,
    style: StyleMap
  })
)
export const NameplateExamples = wireSchema<W.NameplateExample[]>()(
  Type.Array(
    Type.Object({
      id: Num,
      title: Str,
      bgImg: Str,
      exampleImg: Str,
      width: Num,
      height: Num,
      configData: Type.Array(NameplateElement)
    })
  )
)
export const NameplateDetailConfig = wireSchema<W.NameplateDetailConfig>()(
  Type.Object({ bg_img: Str, bg_word: Str, bottom_img: Str, bg_color: Str })
)

export const NameplateShowData = wireSchema<W.NameplateShowData>()(
  Type.Object({
    id: Num,
    namingType: intEnum([1, 2]),
    itemsId: Num,
    itemsName: Str,
    objectName: Str,
    donorName: Str,
    donateTime: Str,
    nameplateStatus: intEnum([1, 2, 3]),
    nameplate: Nullable(NameplateText),
    rowList: Type.Array(Type.Object({ fieldTitle: Str, fieldValue: Str, uiType: strEnum(['text', 'richText', 'image'] as const) }))
  })
)
