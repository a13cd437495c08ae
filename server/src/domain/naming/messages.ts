/**
 * Messages of naming, merged into src/i18n.ts. Chinese wording follows docs/product §5 where it gives one
 * ('铭牌捐赠人不能为空', '库存不足', '至少选择一本书籍'); a refusal about a seat or a book names it.
 */
import type { Lang } from '../../../../types'

export const namingMessages = {
  namingNotOffered: { zh_CN: '该项目不是冠名项目', en: 'This project does not offer naming' },
  namingTypeInvalid: { zh_CN: '请选择冠名座椅或图书', en: 'Please choose seats or books to name' },
  namingObjectRequired: { zh_CN: '请选择冠名对象', en: 'please choose naming object' },
  namingBookRequired: { zh_CN: '至少选择一本书籍', en: 'Please choose at least one book' },
  namingTooMany: { zh_CN: '一次最多冠名{max}个对象', en: 'At most {max} objects can be named at once' },
  namingDonorRequired: { zh_CN: '铭牌捐赠人不能为空', en: 'The donor name on the nameplate can not be empty' },
  namingDonorTooLong: { zh_CN: '铭牌捐赠人不能超过{max}个字', en: 'The donor name on the nameplate can not exceed {max} characters' },
  namingMessageTooLong: { zh_CN: '铭牌寄语不能超过{max}个字', en: 'The nameplate message can not exceed {max} characters' },
  namingIdentityFixed: { zh_CN: '座椅冠名的捐赠人身份只能为“校友”', en: 'The donor identity of a seat nameplate can only be alumnus' },
  namingIdentityTooLong: { zh_CN: '捐赠人身份不能超过{max}个字', en: 'The donor identity can not exceed {max} characters' },
  namingPeriodRequired: { zh_CN: '请为{seat}选择冠名期限', en: 'Please choose the naming period for {seat}' },
  namingPeriodInvalid: { zh_CN: '{seat}不提供所选冠名期限，请重新选择', en: 'The chosen naming period is not offered for {seat}' },
  namingSeatInvalid: { zh_CN: '所选冠名对象不存在或不属于该项目', en: 'The chosen item does not exist or belongs to another project' },
  namingSeatDuplicate: { zh_CN: '{seat}重复选择', en: '{seat} was chosen twice' },
  namingSeatTaken: {
    zh_CN: '{seat}已被其他捐赠人选择，请另选',
    en: '{seat} has just been taken by another donor, please choose another'
  },
  namingSeatDonated: { zh_CN: '{seat}已被冠名，请另选', en: '{seat} is already named, please choose another' },
  namingSeatUnavailable: { zh_CN: '{seat}暂不开放冠名', en: '{seat} is not open for naming' },
  namingBookInvalid: { zh_CN: '所选图书不存在或不属于该项目', en: 'The chosen book does not exist or belongs to another project' },
  namingBookDuplicate: { zh_CN: '《{book}》重复选择', en: '"{book}" was chosen twice' },
  namingQuantityInvalid: { zh_CN: '《{book}》的冠名数量至少为1本', en: 'Name at least one copy of "{book}"' },
  namingStockShort: { zh_CN: '《{book}》库存不足（可冠名{stock}本）', en: 'Not enough copies of "{book}" ({stock} left)' },
  namingNameplateCount: { zh_CN: '《{book}》的铭牌应为1条或{count}条', en: '"{book}" needs one nameplate or {count}' },
  namingAmountMismatch: {
    zh_CN: '冠名金额与当前价格不符，请刷新后重试',
    en: 'The amount does not match the current prices, please reload'
  },
  namingAreaNotFound: { zh_CN: '区域不存在', en: 'Area not found' },
  namingRecordNotFound: { zh_CN: '冠名记录不存在', en: 'Naming record not found' },
  nameplateNotEditable: { zh_CN: '铭牌已审核通过，不能再修改', en: 'The nameplate is approved and can no longer be changed' },
  nameplateNotPending: { zh_CN: '该铭牌不在待审核状态', en: 'This nameplate is not waiting for review' },
  nameplateReasonRequired: { zh_CN: '请填写退回原因', en: 'Please give the reason for returning it' },
  nameplateReasonTooLong: { zh_CN: '退回原因不能超过{max}个字', en: 'The reason can not exceed {max} characters' },
  nameplateUpdated: { zh_CN: '铭牌已提交，等待审核', en: 'Nameplate submitted, waiting for review' },
  // nameplate-detail rows (getSeatShowData / getBookShowData)
  nameplateRowObject: { zh_CN: '冠名对象', en: 'Named' },
  nameplateRowDonor: { zh_CN: '捐赠人', en: 'Donor' },
  nameplateRowIdentity: { zh_CN: '捐赠人身份', en: 'Identity' },
  nameplateRowMessage: { zh_CN: '寄语', en: 'Message' },
  nameplateRowTime: { zh_CN: '冠名时间', en: 'Named on' },
  nameplateRowTerm: { zh_CN: '冠名期限', en: 'Naming period' },
  nameplateRowCount: { zh_CN: '冠名数量', en: 'Copies' },
  nameplateRowStatus: { zh_CN: '铭牌状态', en: 'Nameplate' },
  nameplatePending: { zh_CN: '审核中', en: 'Under review' },
  nameplateApproved: { zh_CN: '已通过', en: 'Approved' },
  nameplateReturned: { zh_CN: '已退回', en: 'Returned' },
  namingPermanent: { zh_CN: '永久', en: 'Permanent' },
  nameplateAlumnus: { zh_CN: '校友', en: 'Alumnus or alumna' }
} as const satisfies Record<string, Record<Lang, string>>
