/**
 * Shared by test/unit/donate-*.test.ts(x): a realistic form config (every ui type, conditions, limits), projects
 * for money and goods gifts, and a form state builder.
 */
import type { FormConfig, FormField, Project, SubItemPrice } from '@contract'
import type { FormContext } from '@/features/donate/model/context'
import { initialState, type DonateFormState } from '@/features/donate/model/form-state'
import { project } from './project-fixtures'

export function field(over: Partial<FormField> & Pick<FormField, 'fieldName' | 'fieldUiType'>): FormField {
  return {
    fieldShowName: over.fieldName,
    inputTip: '',
    isRequire: 0,
    isLengthLimit: 0,
    lengthMin: 0,
    lengthMax: 0,
    optionList: [],
    isShowConfig: 0,
    conditionFieldName: '',
    conditionFieldValue: '',
    ...over
  }
}

export const FIELDS: FormField[] = [
  field({
    fieldName: 'name',
    fieldShowName: '姓名',
    fieldUiType: 'input',
    inputTip: '请输入您的姓名',
    isRequire: 1,
    isLengthLimit: 1,
    lengthMin: 2,
    lengthMax: 20
  }),
  field({ fieldName: 'mobile', fieldShowName: '手机号', fieldUiType: 'mobile', inputTip: '请输入手机号码', isRequire: 1 }),
  field({
    fieldName: 'isAlumnus',
    fieldShowName: '是否校友',
    fieldUiType: 'radio',
    isRequire: 1,
    inputTip: '请选择是否校友',
    optionList: [
      { id: '1', title: '是' },
      { id: '0', title: '否' }
    ]
  }),
  field({
    fieldName: 'college',
    fieldShowName: '毕业学院',
    fieldUiType: 'select',
    isRequire: 1,
    inputTip: '请选择毕业学院',
    optionList: [
      { id: 'c1', title: '文学院' },
      { id: 'c2', title: '理学院' },
      { id: 'c3', title: '工学院' }
    ],
    isShowConfig: 1,
    conditionFieldName: 'isAlumnus',
    conditionFieldValue: '1'
  }),
  field({
    fieldName: 'className',
    fieldShowName: '班级',
    fieldUiType: 'input',
    isRequire: 1,
    inputTip: '请输入班级',
    isShowConfig: 1,
    conditionFieldName: 'college',
    conditionFieldValue: 'c1,c2'
  }),
  field({
    fieldName: 'gradYear',
    fieldShowName: '毕业年份',
    fieldUiType: 'year',
    isShowConfig: 1,
    conditionFieldName: 'isAlumnus',
    conditionFieldValue: '1'
  }),
  field({ fieldName: 'birthday', fieldShowName: '出生日期', fieldUiType: 'date' }),
  field({ fieldName: 'hometown', fieldShowName: '籍贯', fieldUiType: 'area' }),
  field({
    fieldName: 'interests',
    fieldShowName: '关注方向',
    fieldUiType: 'select2',
    optionList: [
      { id: 'a', title: '奖助学金' },
      { id: 'b', title: '校园建设' },
      { id: 'c', title: '科研' }
    ]
  }),
  field({ fieldName: 'children', fieldShowName: '同行人数', fieldUiType: 'number' }),
  field({ fieldName: 'wantNews', fieldShowName: '接收校友会资讯', fieldUiType: 'switch' }),
  field({
    fieldName: 'newsEmail',
    fieldShowName: '资讯邮箱',
    fieldUiType: 'input',
    isRequire: 1,
    isShowConfig: 1,
    conditionFieldName: 'wantNews',
    conditionFieldValue: '1'
  }),
  field({ fieldName: 'secret', fieldShowName: '查询口令', fieldUiType: 'password' }),
  field({ fieldName: 'message', fieldShowName: '捐赠寄语', fieldUiType: 'textarea' })
]

export function formConfig(over: Partial<FormConfig> = {}): FormConfig {
  return {
    id: 7,
    minMoney: '1.00',
    isIntegerMoney: 0,
    payPlatformList: [1, 2],
    receiptTypeList: [1, 2],
    receiptWayPaperList: [1, 2],
    receiptWayElectronicList: [3, 4],
    certificateWayPaperList: [1, 2],
    offlineContactInfo: '',
    isOnlineDisabled: 0,
    certificatePickUpAddress: '行政楼 201 室',
    certificatePickUpName: '王老师',
    certificatePickUpMobile: '025-83590000',
    pickUpAddress: '财务处 105 室',
    pickUpName: '李老师',
    pickUpMobile: '025-83591111',
    isShowAnonymous: 1,
    isShowNoData: 1,
    isOpenCertificate: 1,
    isShowCertificate: 1,
    minMoneyCertificate: '100.00',
    isOpenReceipt: 1,
    isShowReceipt: 1,
    minMoneyReceipt: '500.00',
    isLargeRemind: 1,
    largeAmount: '50000.00',
    remindContent: '<p>单笔捐赠超过5万元，基金会将与您联系签订捐赠协议。</p>',
    isCreditCode: 1,
    donateRecord: null,
    fieldList: FIELDS,
    ...over
  }
}

export const moneyProject = (over: Partial<Project> = {}): Project =>
  project({
    id: 3,
    name: '励志奖学金',
    fixMoney: [
      { title: '一份心意', money: '100.00' },
      { title: '一学期书本费', money: '500.00' },
      { title: '一个月生活费', money: '1000.00' }
    ],
    isFixMoney: 1,
    isHandMoney: 1,
    isSub: 1,
    subItemsList: [
      { id: 31, name: '本科生励志奖学金' },
      { id: 32, name: '研究生励志奖学金' }
    ],
    ...over
  })

export const goodsProject = (over: Partial<Project> = {}): Project =>
  project({
    id: 8,
    name: '运动队队服捐赠',
    crowdType: 2,
    materialName: '运动队服',
    materialUnit: '套',
    materialPrice: '1500.50',
    fixMoney: [],
    isFixMoney: 0,
    isHandMoney: 0,
    isSub: 0,
    subItemsList: [],
    ...over
  })

export const SUB_PRICES: SubItemPrice[] = [
  { id: 31, name: '本科生励志奖学金', fixMoney: [{ title: '本科一份', money: '200.00' }] },
  {
    id: 32,
    name: '研究生励志奖学金',
    fixMoney: [
      { title: '一份心意', money: '100.00' },
      { title: '一学期书本费', money: '500.00' }
    ]
  }
]

export function ctxOf(over: Partial<FormContext> = {}): FormContext {
  return { project: moneyProject(), form: formConfig(), subPrices: SUB_PRICES, togetherId: null, ...over }
}

/** A fresh state with overrides (values merged). */
export function stateOf(ctx: FormContext, over: Partial<DonateFormState> = {}): DonateFormState {
  const s = initialState(ctx)
  return { ...s, ...over, values: { ...s.values, ...(over.values || {}) }, codes: { ...s.codes, ...(over.codes || {}) } }
}
