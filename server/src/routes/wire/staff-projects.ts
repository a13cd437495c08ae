/**
 * Answer schemas of the staff project editor (routes/staff/projects.ts). The shapes are the domain's own
 * (domain/project/editor*.ts), checked by wireSchema; the console reads them, the app never does. Money: yuan
 * strings with two decimals beside the integer fen.
 */
import { Type } from 'typebox'
import type { Page as PageOf, ProgressEntry, UsePublicity } from '../../../../types'
import type { StaffCategory, StaffLabel } from '../../domain/project/categories'
import type { StaffProject, StaffProjectRow } from '../../domain/project/editor'
import type { StaffForm } from '../../domain/form/project-form'
import { wireSchema } from '../../lib/schemas'
import { FieldUiType, Flag, Num, NumOrNull, Page, Str, strEnum, Yuan } from './common'

const Status = strEnum(['open', 'paused', 'complete'])
const FixAmount = Type.Object({ title: Str, titleEn: Str, money: Yuan, moneyFen: Num })

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

export const StaffProjectPage = wireSchema<{ total: number; rows: StaffProjectRow[] }>()(Page(Type.Object(rowFields)))

export const StaffProjectDetail = wireSchema<StaffProject>()(
  Type.Object({
    ...rowFields,
    intro: Str,
    content: Str,
    coverImg: Str,
    covers: Type.Array(Str),
    labelIds: Type.Array(Num),
    limitMaterialNumber: Num,
    subItems: Type.Array(Type.Object({ id: Num, name: Str, nameEn: Str, fixMoney: Type.Array(FixAmount) })),
    fixMoney: Type.Array(FixAmount),
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
    alumniOnly: Num
  })
)

export const StaffProjectForm = wireSchema<StaffForm>()(
  Type.Object({
    formId: NumOrNull,
    shared: Type.Boolean(),
    fields: Type.Array(
      Type.Object({
        fieldName: Str,
        fieldShowName: Str,
        fieldUiType: FieldUiType,
        inputTip: Str,
        isRequire: Flag,
        isLengthLimit: Flag,
        lengthMin: Num,
        lengthMax: Num,
        optionList: Type.Array(Type.Object({ id: Str, title: Str, titleEn: Str })),
        isShowConfig: Flag,
        conditionFieldName: Str,
        conditionFieldValue: Str,
        labelEn: Str,
        inputTipEn: Str
      })
    )
  })
)

const progressFields = { id: Num, progressDate: Str, content: Str, attachmentList: Type.Array(Type.Object({ fileUrl: Str })) }
export const StaffProgress = wireSchema<ProgressEntry>()(Type.Object(progressFields))
export const StaffProgressPage = wireSchema<PageOf<ProgressEntry>>()(Page(Type.Object(progressFields)))

const publicityFields = { id: Num, useDate: Str, useTitle: Str, useMoney: Yuan }
export const StaffPublicity = wireSchema<UsePublicity>()(Type.Object(publicityFields))
export const StaffPublicityPage = wireSchema<PageOf<UsePublicity>>()(Page(Type.Object(publicityFields)))

const categoryFields = { id: Num, name: Str, nameEn: Str, sortNo: Num, projectCount: Num }
export const StaffCategoryOne = wireSchema<StaffCategory>()(Type.Object(categoryFields))
export const StaffCategories = wireSchema<StaffCategory[]>()(Type.Array(Type.Object(categoryFields)))

const labelFields = { id: Num, labelTitle: Str, sortNo: Num, projectCount: Num }
export const StaffLabelOne = wireSchema<StaffLabel>()(Type.Object(labelFields))
export const StaffLabels = wireSchema<StaffLabel[]>()(Type.Array(Type.Object(labelFields)))

export const StaffUpload = wireSchema<{ url: string }>()(Type.Object({ url: Str }))
export const StaffDeleted = wireSchema<{ id: number; deleted: true }>()(Type.Object({ id: Num, deleted: Type.Literal(true) }))
