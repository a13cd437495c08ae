/**
 * English for the demo schools' texts: categories, sub-project names, preset captions, form field labels,
 * placeholders and options, thank-you words, reminders, offline contact notices, the foundation's title and the agreement. Written after the
 * Chinese rows exist, into the per-language storage of domain/form/texts.ts, so the seed reads as it did and a school
 * that enters no English keeps working in Chinese. A Chinese text missing here stays untranslated and is listed by
 * missingTexts() (the server test requires none for the demo schools). Articles carry their English where they are
 * written (seed/articles.ts `en`, decision 086); a campaign's words are its project's (seed/catalogue.ts).
 */
import type { Transaction } from 'kysely'
import type { DB } from '../db/schema'
import { parseTexts, type Texts } from '../domain/form/texts'

export const ENGLISH: Readonly<Record<string, string>> = {
  // categories
  奖助学金: 'Scholarships',
  校园建设: 'Campus',
  图书馆: 'Library',
  体育: 'Sports',
  科研: 'Research',
  // sub-projects
  本科生励志奖学金: 'Undergraduate merit scholarship',
  研究生励志奖学金: 'Graduate merit scholarship',
  机电学院子基金: 'Mechatronics fund',
  信息学院子基金: 'Information science fund',
  经管学院子基金: 'Business school fund',
  // preset captions
  一份心意: 'A token of thanks',
  一学期书本费: "A term's books",
  一个月生活费: "A month's living costs",
  一周餐费: "A week's meals",
  一月餐费: "A month's meals",
  一个月科研补助: "A month's research grant",
  // form fields
  姓名: 'Name',
  请输入姓名: 'Your name',
  手机号: 'Mobile',
  请输入手机号: 'Mobile number',
  是否校友: 'Alumnus or alumna',
  请选择是否校友: 'Are you an alumnus or alumna?',
  是: 'Yes',
  否: 'No',
  毕业年份: 'Graduation year',
  请选择毕业年份: 'Choose your graduation year',
  所在学院: 'College',
  请选择学院: 'Choose your college',
  所在院系: 'Department',
  '请选择院系（选填）': 'Choose your department (optional)',
  土木与交通学院: 'Civil Engineering and Transportation',
  计算机科学与技术学院: 'Computer Science and Technology',
  经济管理学院: 'Economics and Management',
  外国语学院: 'Foreign Languages',
  其他: 'Other',
  捐赠寄语: 'Your message',
  '写下您对母校的祝福（选填）': 'A few words for your school (optional)',
  身份证号: 'ID number',
  '请输入18位身份证号（选填）': '18-character ID number (optional)',
  捐赠查询密码: 'Lookup password',
  '设置6-20位查询密码（选填）': '6-20 characters (optional)',
  团队人数: 'Team size',
  '请输入团队人数（选填）': 'Number of people (optional)',
  关注方向: 'Interests',
  '请选择关注方向（可多选）': 'Choose any that apply',
  科技创新: 'Innovation',
  创业孵化: 'Start-up incubation',
  学科竞赛: 'Student competitions',
  社会实践: 'Community work',
  是否愿意担任创业导师: 'Would you mentor student founders?',
  请选择: 'Choose one',
  愿意: 'Yes',
  暂不: 'Not now',
  出生日期: 'Date of birth',
  '请选择出生日期（选填）': 'Choose a date (optional)',
  所在地区: 'Region',
  '请选择所在地区（选填）': 'Choose your region (optional)',
  回访方式: 'How we thank you',
  请选择回访方式: 'Choose how we may contact you',
  电话: 'Phone call',
  邮件: 'Email',
  无需回访: 'No contact, please',
  工作单位: 'Employer',
  请输入工作单位: 'Where you work',
  '请输入工作单位（选填）': 'Where you work (optional)',
  备注: 'Note',
  '其他想对基金会说的话（选填）': 'Anything else for the foundation (optional)',
  // form texts
  '感谢您的爱心捐赠！您的每一份支持，都是母校前行的力量。': 'Thank you for your gift! Every contribution helps your school move forward.',
  '您本次捐赠金额较大，请确认金额无误。如需开具大额票据或签订捐赠协议，请联系基金会：025-83786666。':
    'This is a large gift: please check the amount. For a receipt for a large gift or a donation agreement, call the foundation on 025-83786666.',
  '本基金会暂不开通线上捐赠，请致电 0591-2286XXXX（工作日 8:30-17:30）或通过银行转账捐赠。':
    'This foundation does not take gifts online yet. Please call 0591-2286XXXX (weekdays 8:30-17:30) or give by bank transfer.',
  '校友与基金会办公室 025-86185000（工作日 8:30-17:00）': 'Alumni and Foundation Office, 025-86185000 (weekdays 8:30-17:00)',
  // the foundations' titles and the agreement (school_setting)
  示范大学教育发展基金会: 'Demo University Education Development Foundation',
  河海大学教育发展基金会: 'Hohai University Education Development Foundation',
  中国药科大学教育发展基金会: 'China Pharmaceutical University Education Development Foundation',
  福州大学教育发展基金会: 'Fuzhou University Education Development Foundation',
  捐赠协议: 'Donation agreement',
  '<p>累计捐赠达到相应条件即可点亮勋章：爱心达人、爱心天使、爱心大使、公益之星、一呼百应。</p>':
    '<p>Your gifts light up badges as they reach each level: Kind Heart, Angel of Giving, Ambassador of Giving, Star of Charity and Rallying Voice.</p>',
  '<p>捐赠人自愿向基金会捐赠，捐赠财产用于约定的公益项目。</p><p>基金会将依法管理和使用捐赠财产，并定期公开使用情况。</p>':
    '<p>The donor gives to the foundation of their own free will; the gift is used for the charitable project agreed.</p><p>The foundation manages and uses gifts as the law requires and publishes how they are used.</p>'
}

/** `texts` with the English of each given Chinese text that the dictionary has, merged over what is there. */
function withEnglish(current: unknown, entries: Record<string, string>): Texts {
  const texts = parseTexts(current)
  const en = { ...texts.en }
  for (const [key, zh] of Object.entries(entries)) if (zh && ENGLISH[zh]) en[key] = ENGLISH[zh]
  return { ...texts, en }
}

type Entry = Record<string, unknown>
const list = (json: string): Entry[] => {
  const v: unknown = JSON.parse(json)
  return Array.isArray(v) ? (v as Entry[]) : []
}
const str = (v: unknown) => (typeof v === 'string' ? v : '')

/** A fix_money list with each caption's English. */
export const fixMoneyWithEnglish = (json: string) =>
  JSON.stringify(list(json).map((o) => ({ ...o, texts: withEnglish(o.texts, { title: str(o.title) }) })))

/** A field_list with each label's, placeholder's and option's English. */
export const fieldsWithEnglish = (json: string) =>
  JSON.stringify(
    list(json).map((f) => ({
      ...f,
      texts: withEnglish(f.texts, { fieldShowName: str(f.fieldShowName), inputTip: str(f.inputTip) }),
      optionList: Array.isArray(f.optionList)
        ? (f.optionList as Entry[]).map((o) => ({ ...o, texts: withEnglish(o.texts, { title: str(o.title) }) }))
        : f.optionList
    }))
  )

/** Writes the English of one school's seeded texts. */
export async function seedEnglishTexts(trx: Transaction<DB>, schoolId: number): Promise<void> {
  for (const t of await trx.selectFrom('project_type').select(['id', 'name', 'texts']).where('school_id', '=', schoolId).execute())
    await trx
      .updateTable('project_type')
      .set({ texts: JSON.stringify(withEnglish(t.texts, { name: t.name })) })
      .where('school_id', '=', schoolId)
      .where('id', '=', t.id)
      .execute()
  for (const s of await trx
    .selectFrom('sub_project')
    .select(['id', 'name', 'texts', 'fix_money'])
    .where('school_id', '=', schoolId)
    .execute())
    await trx
      .updateTable('sub_project')
      .set({ texts: JSON.stringify(withEnglish(s.texts, { name: s.name })), fix_money: fixMoneyWithEnglish(s.fix_money) })
      .where('school_id', '=', schoolId)
      .where('id', '=', s.id)
      .execute()
  for (const p of await trx
    .selectFrom('project')
    .select(['id', 'fix_money'])
    .where('school_id', '=', schoolId)
    .where('fix_money', '!=', '[]')
    .execute())
    await trx
      .updateTable('project')
      .set({ fix_money: fixMoneyWithEnglish(p.fix_money) })
      .where('school_id', '=', schoolId)
      .where('id', '=', p.id)
      .execute()
  const forms = await trx
    .selectFrom('donation_form')
    .select(['id', 'texts', 'field_list', 'success_word', 'remind_content', 'offline_contact_info'])
    .where('school_id', '=', schoolId)
    .execute()
  for (const f of forms)
    await trx
      .updateTable('donation_form')
      .set({
        texts: JSON.stringify(
          withEnglish(f.texts, {
            success_word: f.success_word,
            remind_content: f.remind_content,
            offline_contact_info: f.offline_contact_info
          })
        ),
        field_list: fieldsWithEnglish(f.field_list)
      })
      .where('school_id', '=', schoolId)
      .where('id', '=', f.id)
      .execute()
  const st = await trx
    .selectFrom('school_setting')
    .select(['texts', 'title', 'award_explain', 'agree_title', 'agree_content', 'offline_contact_info'])
    .where('school_id', '=', schoolId)
    .executeTakeFirst()
  if (st)
    await trx
      .updateTable('school_setting')
      .set({
        texts: JSON.stringify(
          withEnglish(st.texts, {
            title: st.title,
            award_explain: st.award_explain,
            agree_title: st.agree_title,
            agree_content: st.agree_content,
            offline_contact_info: st.offline_contact_info
          })
        )
      })
      .where('school_id', '=', schoolId)
      .execute()
}
