/**
 * Donation-flow demo data per school: donation forms (the default demo form has a few fields, one conditional;
 * a second demo form shows all twelve field types), which projects use which form, alumni-only projects,
 * certified alumni (sandbox openIds 'alumni-demo' and the first seed users), sub-project prices, the sandbox
 * switch (on for every demo school) and payment configs (hhu's campus card uses the demo card system).
 * Every form offers pay types 1 and 2; hhu adds the campus card (9); cpu the third-party payment (14, served by
 * the sandbox until the school configures its platform) and the bank-app option (99).
 */
import type { Insertable, Transaction } from 'kysely'
import type { FormField } from '../../../types'
import type { DB, DonationFormTable } from '../db/schema'
import { nowIso } from '../lib/dates'
import { invalidateSchoolCache } from '../domain/school/cache'
import type { SeededProject } from './project-seeder'

type FormSeed = Omit<Insertable<DonationFormTable>, 'school_id' | 'created_at' | 'field_list'> & { fields: Partial<FormField>[] }

/** A field with the defaults of docs/product §3 filled in. */
const field = (f: Partial<FormField> & Pick<FormField, 'fieldName' | 'fieldShowName' | 'fieldUiType'>): FormField => ({
  inputTip: '',
  isRequire: 0,
  isLengthLimit: 0,
  lengthMin: 0,
  lengthMax: 0,
  optionList: [],
  isShowConfig: 0,
  conditionFieldName: '',
  conditionFieldValue: '',
  ...f
})

const COLLEGES = [
  { id: '1', title: '土木与交通学院' },
  { id: '2', title: '计算机科学与技术学院' },
  { id: '3', title: '经济管理学院' },
  { id: '4', title: '外国语学院' },
  { id: '5', title: '其他' }
]

const nameField = field({
  fieldName: 'name',
  fieldShowName: '姓名',
  fieldUiType: 'input',
  inputTip: '请输入姓名',
  isRequire: 1,
  isLengthLimit: 1,
  lengthMin: 1,
  lengthMax: 20
})
const mobileField = field({ fieldName: 'mobile', fieldShowName: '手机号', fieldUiType: 'mobile', inputTip: '请输入手机号', isRequire: 1 })

/** The default demo form: name, mobile, alumnus or not, and the graduation year only for alumni. */
export const DEMO_DEFAULT_FIELDS: FormField[] = [
  nameField,
  mobileField,
  field({
    fieldName: 'isAlumni',
    fieldShowName: '是否校友',
    fieldUiType: 'radio',
    inputTip: '请选择是否校友',
    isRequire: 1,
    optionList: [
      { id: '1', title: '是' },
      { id: '0', title: '否' }
    ]
  }),
  field({
    fieldName: 'graduationYear',
    fieldShowName: '毕业年份',
    fieldUiType: 'year',
    inputTip: '请选择毕业年份',
    isRequire: 1,
    isShowConfig: 1,
    conditionFieldName: 'isAlumni',
    conditionFieldValue: '1'
  }),
  field({
    fieldName: 'college',
    fieldShowName: '所在学院',
    fieldUiType: 'select',
    inputTip: '请选择学院',
    optionList: COLLEGES,
    isShowConfig: 1,
    conditionFieldName: 'isAlumni',
    conditionFieldValue: '1'
  }),
  field({
    fieldName: 'message',
    fieldShowName: '捐赠寄语',
    fieldUiType: 'textarea',
    inputTip: '写下您对母校的祝福（选填）',
    isLengthLimit: 1,
    lengthMax: 200
  })
]

/** All twelve ui types, with conditions on a switch, a radio and a select2. */
export const DEMO_FULL_FIELDS: FormField[] = [
  nameField,
  mobileField,
  field({
    fieldName: 'idNo',
    fieldShowName: '身份证号',
    fieldUiType: 'input',
    inputTip: '请输入18位身份证号（选填）',
    isLengthLimit: 1,
    lengthMin: 18,
    lengthMax: 18
  }),
  field({
    fieldName: 'queryPassword',
    fieldShowName: '捐赠查询密码',
    fieldUiType: 'password',
    inputTip: '设置6-20位查询密码（选填）',
    isLengthLimit: 1,
    lengthMin: 6,
    lengthMax: 20
  }),
  field({ fieldName: 'teamSize', fieldShowName: '团队人数', fieldUiType: 'number', inputTip: '请输入团队人数（选填）' }),
  field({ fieldName: 'isAlumni', fieldShowName: '是否校友', fieldUiType: 'switch', inputTip: '' }),
  field({
    fieldName: 'graduationYear',
    fieldShowName: '毕业年份',
    fieldUiType: 'year',
    inputTip: '请选择毕业年份',
    isRequire: 1,
    isShowConfig: 1,
    conditionFieldName: 'isAlumni',
    conditionFieldValue: '1'
  }),
  field({
    fieldName: 'college',
    fieldShowName: '所在学院',
    fieldUiType: 'select',
    inputTip: '请选择学院',
    isRequire: 1,
    optionList: COLLEGES,
    isShowConfig: 1,
    conditionFieldName: 'isAlumni',
    conditionFieldValue: '1'
  }),
  field({
    fieldName: 'interests',
    fieldShowName: '关注方向',
    fieldUiType: 'select2',
    inputTip: '请选择关注方向（可多选）',
    optionList: [
      { id: 'a', title: '科技创新' },
      { id: 'b', title: '创业孵化' },
      { id: 'c', title: '学科竞赛' },
      { id: 'd', title: '社会实践' }
    ]
  }),
  field({
    fieldName: 'mentor',
    fieldShowName: '是否愿意担任创业导师',
    fieldUiType: 'radio',
    inputTip: '请选择',
    isShowConfig: 1,
    conditionFieldName: 'interests',
    conditionFieldValue: 'b',
    optionList: [
      { id: '1', title: '愿意' },
      { id: '0', title: '暂不' }
    ]
  }),
  field({ fieldName: 'birthday', fieldShowName: '出生日期', fieldUiType: 'date', inputTip: '请选择出生日期（选填）' }),
  field({ fieldName: 'region', fieldShowName: '所在地区', fieldUiType: 'area', inputTip: '请选择所在地区（选填）' }),
  field({
    fieldName: 'contactPref',
    fieldShowName: '回访方式',
    fieldUiType: 'radio',
    inputTip: '请选择回访方式',
    isRequire: 1,
    optionList: [
      { id: '1', title: '电话' },
      { id: '2', title: '邮件' },
      { id: '3', title: '无需回访' }
    ]
  }),
  field({
    fieldName: 'employer',
    fieldShowName: '工作单位',
    fieldUiType: 'input',
    inputTip: '请输入工作单位',
    isRequire: 1,
    isLengthLimit: 1,
    lengthMin: 2,
    lengthMax: 50,
    isShowConfig: 1,
    conditionFieldName: 'contactPref',
    conditionFieldValue: '1,2'
  }),
  field({ fieldName: 'remark', fieldShowName: '备注', fieldUiType: 'textarea', inputTip: '其他想对基金会说的话（选填）' })
]

const PICKUP = {
  certificate_pickup_address: '行政楼 302 室 教育发展基金会',
  certificate_pickup_name: '王老师',
  certificate_pickup_mobile: '86-025-83786666',
  receipt_pickup_address: '行政楼 302 室 教育发展基金会',
  receipt_pickup_name: '李老师',
  receipt_pickup_mobile: '86-025-83786667'
}
const LISTS = {
  receipt_type_list: '[1,2]',
  receipt_way_paper_list: '[1,2]',
  receipt_way_electronic_list: '[3,4]',
  certificate_way_paper_list: '[1,2]'
}
const REMIND = '您本次捐赠金额较大，请确认金额无误。如需开具大额票据或签订捐赠协议，请联系基金会：025-83786666。'

function baseForm(name: string, over: Partial<FormSeed> & { fields: FormField[] }): FormSeed {
  return {
    name,
    is_default: 0,
    min_fen: 100,
    is_integer_money: 0,
    pay_platform_list: '[1,2]',
    ...LISTS,
    offline_contact_info: '',
    ...PICKUP,
    is_show_anonymous: 1,
    is_show_no_data: 1,
    is_open_certificate: 1,
    is_show_certificate: 1,
    min_fen_certificate: 1000,
    is_open_receipt: 1,
    is_show_receipt: 1,
    min_fen_receipt: 10000,
    is_large_remind: 1,
    large_fen: 5_000_000,
    remind_content: REMIND,
    is_credit_code: 0,
    success_word: '',
    ...over
  }
}

interface SchoolForms {
  forms: Record<string, FormSeed>
  defaultKey: string
  projectForms: Record<string, string>
}

function formsFor(code: string): SchoolForms {
  switch (code) {
    case 'demo':
      return {
        defaultKey: 'default',
        forms: {
          default: baseForm('示范大学通用捐赠表单', {
            is_default: 1,
            fields: DEMO_DEFAULT_FIELDS,
            success_word: '感谢您的爱心捐赠！您的每一份支持，都是母校前行的力量。'
          }),
          full: baseForm('校友专项捐赠表单（全部字段）', { fields: DEMO_FULL_FIELDS, min_fen: 1000, is_credit_code: 1 }),
          integer: baseForm('整数金额捐赠表单', {
            fields: [nameField, mobileField],
            is_integer_money: 1,
            min_fen: 1000,
            pay_platform_list: '[1,2,15]'
          })
        },
        projectForms: { 大学生创新创业基金: 'full', 体育馆设施更新: 'integer' }
      }
    case 'hhu':
      return {
        defaultKey: 'default',
        forms: {
          default: baseForm('河海大学捐赠表单', {
            is_default: 1,
            min_fen: 1,
            pay_platform_list: '[1,2,9]',
            min_fen_certificate: 100,
            fields: [
              nameField,
              mobileField,
              field({
                fieldName: 'college',
                fieldShowName: '所在院系',
                fieldUiType: 'select',
                inputTip: '请选择院系（选填）',
                optionList: COLLEGES
              })
            ]
          })
        },
        projectForms: {}
      }
    case 'cpu':
      return {
        defaultKey: 'default',
        forms: {
          default: baseForm('中国药科大学捐赠表单', {
            is_default: 1,
            min_fen: 1000,
            is_integer_money: 1,
            pay_platform_list: '[1,2,14,99]',
            is_credit_code: 1,
            min_fen_receipt: 50000,
            fields: [
              nameField,
              mobileField,
              field({
                fieldName: 'company',
                fieldShowName: '工作单位',
                fieldUiType: 'input',
                inputTip: '请输入工作单位（选填）',
                isLengthLimit: 1,
                lengthMax: 50
              })
            ]
          })
        },
        projectForms: {}
      }
    default:
      return {
        defaultKey: 'default',
        forms: {
          default: baseForm('捐赠表单', {
            is_default: 1,
            fields: [nameField, mobileField],
            offline_contact_info: '本基金会暂不开通线上捐赠，请致电 0591-2286XXXX（工作日 8:30-17:30）或通过银行转账捐赠。'
          })
        },
        projectForms: {}
      }
  }
}

/** Sub-projects with their own amounts (itemsSubPrice). */
const SUB_PRICES: Record<string, [string, number][]> = {
  本科生励志奖学金: [
    ['一份心意', 100],
    ['一学期书本费', 500]
  ],
  研究生励志奖学金: [
    ['一份心意', 200],
    ['一个月科研补助', 2000]
  ]
}
/** Projects only certified alumni may give to (checkPermission 0201). */
const ALUMNI_ONLY = new Set(['校友书房建设'])
/** Projects that offer only their fixed amounts (isFixMoney 1, isHandMoney 0). */
const FIXED_ONLY = new Set(['寒门学子助学金'])

export const DEMO_ALUMNI_OPEN_IDS = ['alumni-demo', 'seed-user-1', 'seed-user-2']

export async function seedDonationSetup(trx: Transaction<DB>, schoolId: number, code: string, projects: SeededProject[]) {
  const created = nowIso()
  await trx.updateTable('school_setting').set({ sandbox_enabled: 1 }).where('school_id', '=', schoolId).execute()

  const { forms, projectForms } = formsFor(code)
  const ids: Record<string, number> = {}
  for (const [key, f] of Object.entries(forms)) {
    const { fields, ...row } = f
    const { id } = await trx
      .insertInto('donation_form')
      .values({ ...row, school_id: schoolId, field_list: JSON.stringify(fields), created_at: created })
      .returning('id')
      .executeTakeFirstOrThrow()
    ids[key] = id
  }
  for (const p of projects) {
    const formKey = projectForms[p.seed.name]
    const alumni = ALUMNI_ONLY.has(p.seed.name) || p.seed.campaign === 'hhuSeat'
    const fixedOnly = FIXED_ONLY.has(p.seed.name)
    if (formKey || alumni || fixedOnly) {
      await trx
        .updateTable('project')
        .set({
          ...(formKey ? { form_id: ids[formKey] } : {}),
          ...(alumni ? { alumni_only: 1 } : {}),
          ...(fixedOnly ? { is_hand_money: 0 } : {})
        })
        .where('school_id', '=', schoolId)
        .where('id', '=', p.id)
        .execute()
    }
    for (const [i, subId] of p.subIds.entries()) {
      const prices = SUB_PRICES[p.seed.subItems?.[i] ?? '']
      if (prices) {
        await trx
          .updateTable('sub_project')
          .set({ fix_money: JSON.stringify(prices.map(([title, yuan]) => ({ title, fen: yuan * 100 }))) })
          .where('school_id', '=', schoolId)
          .where('id', '=', subId)
          .execute()
      }
    }
  }

  await trx
    .insertInto('certified_alumnus')
    .values(
      DEMO_ALUMNI_OPEN_IDS.map((openId, i) => ({
        school_id: schoolId,
        open_id: openId,
        name: ['示范校友', '王建国', '李秀英'][i],
        certified_at: created
      }))
    )
    .execute()

  if (code === 'hhu') {
    await trx
      .insertInto('payment_config')
      .values({
        school_id: schoolId,
        pay_type: 9,
        provider: 'campus',
        credentials: JSON.stringify({ mode: 'demo' }),
        enabled: 1,
        updated_at: created
      })
      .execute()
    // the registry reads payment_config through the per-process cache (school/cache.ts)
    invalidateSchoolCache()
  }
}
