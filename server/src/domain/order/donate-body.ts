/**
 * The POST donate body as it arrives: shapes only (strict Ajv, no coercion; integers as lib/schemas.ts wireInt
 * takes them). Every docs/product §5 rule is checked by validation.ts with a -1 and a message, so almost every field may be
 * absent or null here. The route validates with this schema and the rules take its type (DonateBody): one
 * declaration for both (docs/decisions/014).
 */
import { Type, type Static } from 'typebox'
import { PAY_CHANNELS } from '../../../../types'
import { body, optAny, optCode, optFlag, optInt, optNullableString, optString, reqCode, reqInt, strEnum } from '../../lib/schemas'

const str = optNullableString

export const DonateBodySchema = body({
  formId: optInt(0), // the built-in form is 0
  currency: str(8),
  payType: reqCode(),
  currencyMoney: optString(32),
  itemsId: reqInt(),
  subItemsId: optInt(),
  isDonateTogether: optFlag(),
  donateTogetherId: optInt(),
  itemsType: reqCode(),
  isAnonymous: optFlag(),
  donateFrom: strEnum(['U1', 'U5', 'U6']),
  // which of the four channels (types/donate.ts PAY_CHANNELS); older clients leave it out
  payChannel: Type.Optional(strEnum(PAY_CHANNELS)),
  formDataMap: Type.Optional(
    Type.Unsafe<Record<string, string | number | boolean | null>>({
      type: 'object',
      maxProperties: 60,
      additionalProperties: { anyOf: [{ type: 'string', maxLength: 2000 }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }] }
    })
  ),
  donateMaterialNumber: optAny(),
  isAgree: optAny(),
  isNoData: optFlag(),
  isNeedPaper: optFlag(),
  certificateDonorName: str(100),
  certificateWay: optCode(),
  isNeedReceipt: optFlag(),
  receiptDonorType: optCode(),
  receiptDonorName: str(200),
  creditCode: str(64),
  receiptType: optCode(),
  receiptWay: optCode(),
  postalEmail: str(200),
  postalMobileSms: str(32),
  postalCountry: str(64),
  postalProvince: str(64),
  postalCity: str(64),
  postalDistrict: str(64),
  postalAddress: str(500),
  postalZip: str(16),
  postalContact: str(64),
  postalMobile: str(32),
  token: str(200),
  seatList: optAny(),
  bookList: optAny(),
  namingType: optAny()
})

export type DonateBody = Static<typeof DonateBodySchema>
