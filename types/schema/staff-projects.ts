/**
 * The staff project editor's requests and answers (server/src/routes/staff/projects.ts): projects, their donation
 * form, progress, publicity, categories and labels. The one source of these shapes (docs/decisions/055, 057): the
 * server validates requests and serialises answers with these schemas, the domain (server/src/domain/project/editor.ts,
 * categories.ts, domain/form/project-form.ts) returns the `Static` types, and the console's pages read the same types
 * and build their bodies from the request types. Money: requests send yuan strings; answers carry yuan strings with
 * two decimals beside the integer fen.
 */
import { Type, type Static } from 'typebox'
import { FieldUiType, Flag, Num, NumOrNull, Page, Str, strEnum, Yuan } from './common'
import { body, INT_RANGE, optCode, optFlag, optInt, optNullableString, optString, pageProps, reqInt, reqString } from './wire-int'

/** open = taking gifts; paused = shown, not taking gifts (noReason says why); complete = closed for good. */
export const PROJECT_STATUSES = ['open', 'paused', 'complete'] as const
export type ProjectStatus = (typeof PROJECT_STATUSES)[number]
const Status = strEnum(PROJECT_STATUSES)

// ---------------------------------------------------------------- answers

export const StaffFixAmount = Type.Object({ title: Str, titleEn: Str, money: Yuan, moneyFen: Num })
export type StaffFixAmount = Static<typeof StaffFixAmount>

const rowFields = {
  id: Num,
  name: Str,
  thumbnailImg: Str,
  typeId: NumOrNull,
  typeName: Str,
  itemsType: Num,
  crowdType: Num,
  namingType: NumOrNull,
  status: Status,
  isLimit: Num,
  target: Yuan,
  targetFen: Num,
  raised: Yuan,
  raisedFen: Num,
  payCounts: Num,
  startDate: Str,
  endDate: Str,
  formId: NumOrNull,
  sortNo: Num,
  createdAt: Str
}

export const StaffProjectRow = Type.Object(rowFields)
export type StaffProjectRow = Static<typeof StaffProjectRow>
export const StaffProjectPage = Page(StaffProjectRow)
export type StaffProjectPage = Static<typeof StaffProjectPage>

export const StaffSubItem = Type.Object({ id: Num, name: Str, nameEn: Str, fixMoney: Type.Array(StaffFixAmount) })
export type StaffSubItem = Static<typeof StaffSubItem>

export const StaffProjectDetail = Type.Object({
  ...rowFields,
  /** the project's own words in English ('' = none: donors reading English see the Chinese; decision 073) */
  nameEn: Str,
  introEn: Str,
  contentEn: Str,
  materialNameEn: Str,
  materialUnitEn: Str,
  noReasonEn: Str,
  intro: Str,
  content: Str,
  coverImg: Str,
  covers: Type.Array(Str),
  labelIds: Type.Array(Num),
  limitMaterialNumber: Num,
  subItems: Type.Array(StaffSubItem),
  fixMoney: Type.Array(StaffFixAmount),
  isFixMoney: Num,
  isHandMoney: Num,
  materialName: Str,
  materialUnit: Str,
  materialPrice: Yuan,
  materialPriceFen: Num,
  noReason: Str,
  namingCountAll: Num,
  isDonateTogether: Num,
  isRecord: Num,
  isProgress: Num,
  isLeaveMessage: Num,
  isInstruction: Num,
  isAuditMessage: Num,
  isSubRank: Num,
  alumniOnly: Num,
  /** offers "give monthly" where the school has an agreement provider (docs/decisions/078) */
  monthlyGiving: Num
})
export type StaffProject = Static<typeof StaffProjectDetail>

export const StaffFieldOption = Type.Object({ id: Str, title: Str, titleEn: Str })
export type StaffFieldOption = Static<typeof StaffFieldOption>
export const StaffFormField = Type.Object({
  fieldName: Str,
  fieldShowName: Str,
  fieldUiType: FieldUiType,
  inputTip: Str,
  isRequire: Flag,
  isLengthLimit: Flag,
  lengthMin: Num,
  lengthMax: Num,
  optionList: Type.Array(StaffFieldOption),
  isShowConfig: Flag,
  conditionFieldName: Str,
  conditionFieldValue: Str,
  labelEn: Str,
  inputTipEn: Str
})
export type StaffFormField = Static<typeof StaffFormField>
/** The donation form a project uses; `shared` = the school's default form (saving gives the project its own). */
export const StaffProjectForm = Type.Object({ formId: NumOrNull, shared: Type.Boolean(), fields: Type.Array(StaffFormField) })
export type StaffForm = Static<typeof StaffProjectForm>

export const StaffProgress = Type.Object({
  id: Num,
  progressDate: Str,
  content: Str,
  attachmentList: Type.Array(Type.Object({ fileUrl: Str }))
})
export type StaffProgress = Static<typeof StaffProgress>
export const StaffProgressPage = Page(StaffProgress)

export const StaffPublicity = Type.Object({ id: Num, useDate: Str, useTitle: Str, useMoney: Yuan })
export type StaffPublicity = Static<typeof StaffPublicity>
export const StaffPublicityPage = Page(StaffPublicity)

export const StaffCategoryOne = Type.Object({ id: Num, name: Str, nameEn: Str, sortNo: Num, projectCount: Num })
export type StaffCategory = Static<typeof StaffCategoryOne>
export const StaffCategories = Type.Array(StaffCategoryOne)

export const StaffLabelOne = Type.Object({ id: Num, labelTitle: Str, sortNo: Num, projectCount: Num })
export type StaffLabel = Static<typeof StaffLabelOne>
export const StaffLabels = Type.Array(StaffLabelOne)

export const StaffUpload = Type.Object({ url: Str })
export type StaffUpload = Static<typeof StaffUpload>
export const StaffDeleted = Type.Object({ id: Num, deleted: Type.Literal(true) })
export type StaffDeleted = Static<typeof StaffDeleted>

// ---------------------------------------------------------------- requests (bounds only: the domain words refusals)

const yuan = () => reqString(32)
const fixMoney = Type.Array(Type.Object({ title: optString(200), titleEn: optString(200), money: yuan() }), { maxItems: 100 })

export const ProjectListQuery = Type.Object({ keyword: optString(100), status: Type.Optional(Status), typeId: optInt(), ...pageProps })
export type ProjectListQuery = Static<typeof ProjectListQuery>

/** POST /projects and POST /projects/:id: on update only the keys sent change. */
export const ProjectBody = body({
  name: optString(1000),
  intro: optString(5000),
  content: optString(400_000),
  /** English beside each Chinese text ('' clears it; decision 073) */
  nameEn: optString(1000),
  introEn: optString(5000),
  contentEn: optString(400_000),
  materialNameEn: optString(200),
  materialUnitEn: optString(200),
  noReasonEn: optString(2000),
  thumbnailImg: optString(1000),
  coverImg: optString(1000),
  covers: Type.Optional(Type.Array(reqString(1000), { maxItems: 50 })),
  typeId: optInt(),
  labelIds: Type.Optional(Type.Array(reqInt(), { maxItems: 100 })),
  itemsType: optCode(),
  crowdType: optCode(),
  isLimit: optFlag(),
  target: Type.Optional(yuan()),
  limitMaterialNumber: optInt(0, INT_RANGE.id),
  startDate: optNullableString(40),
  endDate: optNullableString(40),
  subItems: Type.Optional(
    Type.Array(Type.Object({ id: optInt(), name: reqString(1000), nameEn: optString(1000), fixMoney: Type.Optional(fixMoney) }), {
      maxItems: 200
    })
  ),
  fixMoney: Type.Optional(fixMoney),
  isFixMoney: optFlag(),
  isHandMoney: optFlag(),
  materialName: optString(200),
  materialUnit: optString(200),
  materialPrice: Type.Optional(yuan()),
  status: Type.Optional(Status),
  noReason: optString(2000),
  namingType: optCode(),
  namingCountAll: optInt(0, INT_RANGE.id),
  isDonateTogether: optFlag(),
  isRecord: optFlag(),
  isProgress: optFlag(),
  isLeaveMessage: optFlag(),
  isInstruction: optFlag(),
  isAuditMessage: optFlag(),
  isSubRank: optFlag(),
  alumniOnly: optFlag(),
  monthlyGiving: optFlag(),
  sortNo: optInt(0, INT_RANGE.id)
})
export type ProjectBody = Static<typeof ProjectBody>

export const ProjectStatusBody = body({ status: Status, noReason: optString(2000) })
export type ProjectStatusBody = Static<typeof ProjectStatusBody>

export const FieldBody = Type.Object({
  fieldName: reqString(200),
  fieldShowName: reqString(1000),
  /** checked by the domain against FIELD_UI_TYPES, so an unknown type is refused in the caller's language */
  fieldUiType: reqString(32),
  inputTip: optString(1000),
  isRequire: optFlag(),
  isLengthLimit: optFlag(),
  lengthMin: optInt(0, INT_RANGE.int4),
  lengthMax: optInt(0, INT_RANGE.int4),
  optionList: Type.Optional(
    Type.Array(Type.Object({ id: reqString(200), title: reqString(1000), titleEn: optString(1000) }), { maxItems: 500 })
  ),
  isShowConfig: optFlag(),
  conditionFieldName: optString(200),
  conditionFieldValue: optString(2000),
  labelEn: optString(1000),
  inputTipEn: optString(1000)
})
export type FieldBody = Static<typeof FieldBody>
export const ProjectFormBody = body({ fields: Type.Array(FieldBody, { maxItems: 200 }) })
export type ProjectFormBody = Static<typeof ProjectFormBody>

export const ProgressBody = body({
  progressDate: reqString(40),
  content: reqString(20_000),
  attachments: Type.Optional(Type.Array(reqString(1000), { maxItems: 50 }))
})
export type ProgressBody = Static<typeof ProgressBody>

export const PublicityBody = body({ useDate: reqString(40), useTitle: reqString(1000), useMoney: yuan() })
export type PublicityBody = Static<typeof PublicityBody>

export const CategoryBody = body({ name: reqString(1000), nameEn: optString(1000), sortNo: optInt(0, INT_RANGE.int4) })
export type CategoryBody = Static<typeof CategoryBody>

export const LabelBody = body({ labelTitle: reqString(1000), sortNo: optInt(0, INT_RANGE.int4) })
export type LabelBody = Static<typeof LabelBody>
