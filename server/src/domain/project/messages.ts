/**
 * Messages of the staff project editor (projects, forms, progress, publicity, categories, uploads); spread
 * into i18n.ts. `{field}` is the field's label in the request's language (fields.ts fieldLabel).
 */
import type { Lang } from '../../../../types'

export const staffProjectMessages = {
  spRequired: { zh_CN: '请填写{field}', en: '{field} is required' },
  spTooLong: { zh_CN: '{field}不能超过{max}个字', en: '{field} must be at most {max} characters' },
  spInvalid: { zh_CN: '{field}不正确', en: '{field} is invalid' },
  spAmountPositive: {
    zh_CN: '{field}须为大于0、最多两位小数的金额（元）',
    en: '{field} must be an amount in yuan above 0 with at most 2 decimals'
  },
  spAmountNonNegative: {
    zh_CN: '{field}须为不小于0、最多两位小数的金额（元）',
    en: '{field} must be an amount in yuan of 0 or more with at most 2 decimals'
  },
  spAmountTooLarge: { zh_CN: '{field}不能超过{max}元', en: '{field} must not exceed {max} yuan' },
  spTooMany: { zh_CN: '{field}最多{max}项', en: '{field}: at most {max} entries' },
  spNonNegativeInt: { zh_CN: '{field}须为不小于0的整数', en: '{field} must be a whole number of 0 or more' },
  spDate: { zh_CN: '{field}须为 YYYY-MM-DD 格式的日期', en: '{field} must be a date (YYYY-MM-DD)' },
  spEndBeforeStart: { zh_CN: '结束日期不能早于开始日期', en: 'The end date must not be before the start date' },
  spImageUrl: {
    zh_CN: '{field}须为本校上传的图片或 https 地址',
    en: '{field} must be an image uploaded to this school or an https URL'
  },
  spUnknownRef: { zh_CN: '{field}不存在', en: '{field} does not exist' },
  spDuplicate: { zh_CN: '{field}“{value}”已存在', en: '{field} "{value}" already exists' },
  spTargetRequired: { zh_CN: '设置目标时目标金额须大于0', en: 'With a target, the target amount must be above 0' },
  spNamingTypeRequired: { zh_CN: '冠名项目须选择冠名类型（座位或书籍）', en: 'A naming project needs a naming type (seat or book)' },
  spNamingTypeMoney: { zh_CN: '捐赠项目不能设置冠名类型', en: 'A donation project has no naming type' },
  spGoodsRequired: {
    zh_CN: '物资捐赠须填写物资名称、单位和大于0的单价',
    en: 'A goods project needs the goods name, unit and a unit price above 0'
  },
  spFixedOnlyNeedsAmounts: {
    zh_CN: '不允许自填金额时须至少设置一个固定金额',
    en: 'Without free amounts at least one fixed amount is needed'
  },
  spSubItemInUse: {
    zh_CN: '子项目“{name}”已有捐赠记录，不能删除',
    en: 'Sub-item "{name}" has donations and cannot be removed'
  },
  spUploadType: { zh_CN: '仅支持 JPEG、PNG 或 WebP 图片', en: 'Only JPEG, PNG or WebP images are accepted' },
  spUploadDiskLow: { zh_CN: '服务器存储空间不足，请稍后再试', en: 'The server is low on storage, please try again later' },
  spConditionSelf: { zh_CN: '{field}不能以自身为显示条件', en: '{field} cannot depend on itself' },
  spConditionCycle: { zh_CN: '{field}的显示条件形成循环', en: 'The display conditions of {field} form a cycle' },
  spConditionValue: { zh_CN: '{field}的条件值“{value}”不是可选值', en: '{field}: condition value "{value}" is not one of the options' },
  spLengthRange: { zh_CN: '{field}的最大长度不能小于最小长度', en: '{field}: the maximum length must not be below the minimum' },
  spOptionsRequired: { zh_CN: '{field}至少需要一个选项', en: '{field} needs at least one option' }
} as const satisfies Record<string, Record<Lang, string>>
