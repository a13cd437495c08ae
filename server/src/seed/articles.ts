/**
 * Demo articles. The HTML deliberately contains an <img> (must render) and a <script> and an onerror handler
 * (must be removed by the app's sanitiser): the server stores and returns what the foundation wrote. Each carries its
 * English (`en`, decision 086), the same page in the same markup, hostile parts included, so the English reader
 * exercises the same sanitising.
 */
import { img } from './images'

export interface ArticleSeed {
  title: string
  html: string
  /** the English title and page (article.texts.en) */
  en: { title: string; html: string }
  thumb: string
  daysAgo: number
  reads: number
}
export interface CategorySeed {
  name: string
  source: 'index' | 'web'
  websiteId: number
  articles: ArticleSeed[]
}

const body = (paras: string[], picture?: string, alt = '现场照片') =>
  paras.map((p) => `<p>${p}</p>`).join('') + (picture ? `<p><img src="${picture}" alt="${alt}" style="max-width:100%"></p>` : '')
const bodyEn = (paras: string[], picture?: string) => body(paras, picture, 'Photo of the day')

/** The demo schools' short names in English (seed/schools.ts `short`). */
const SCHOOL_EN: Readonly<Record<string, string>> = {
  示范大学: 'Demo University',
  河海大学: 'Hohai University',
  中国药科大学: 'China Pharmaceutical University',
  福州大学: 'Fuzhou University'
}

export function articleSeeds(school: string): CategorySeed[] {
  const schoolEn = SCHOOL_EN[school] ?? school
  return [
    {
      name: '基金会动态',
      source: 'index',
      websiteId: 1,
      articles: [
        {
          title: `${school}教育发展基金会召开年度理事会`,
          daysAgo: 3,
          reads: 356,
          thumb: img.article(1),
          html:
            body(
              [
                `${school}教育发展基金会第三届理事会第五次会议近日召开，审议通过了年度工作报告与财务报告。`,
                '会议指出，过去一年基金会共接受捐赠两千余笔，资助学生一千二百余人次。'
              ],
              img.article(1)
            ) + '<script>alert("xss")</script><p>更多信息请关注基金会公众号。</p>',
          en: {
            title: `${schoolEn} Education Development Foundation holds its annual board meeting`,
            html:
              bodyEn(
                [
                  `The fifth meeting of the third board of the ${schoolEn} Education Development Foundation was held recently and approved the annual work report and financial report.`,
                  'The meeting noted that over the past year the foundation received more than two thousand gifts and supported students more than twelve hundred times.'
                ],
                img.article(1)
              ) + '<script>alert("xss")</script><p>Follow the foundation’s official account for more.</p>'
          }
        },
        {
          title: '“励志奖学金”颁奖典礼举行',
          daysAgo: 12,
          reads: 812,
          thumb: img.article(2),
          html: body(['本年度共有 120 名同学获得励志奖学金。', '获奖学生代表发言，感谢捐赠人的关爱与支持。'], img.article(2)),
          en: {
            title: 'Merit scholarship award ceremony held',
            html: bodyEn(
              [
                'This year 120 students received the merit scholarship.',
                'A student spoke for the winners and thanked the donors for their care and support.'
              ],
              img.article(2)
            )
          }
        },
        {
          title: '校友返校日捐赠活动圆满结束',
          daysAgo: 40,
          reads: 1290,
          thumb: img.article(3),
          html:
            body(['返校日当天，近千名校友回到母校，参与“为母校种一棵树”活动。']) +
            `<img src="${img.article(3)}" onerror="alert(1)" alt="返校日">`,
          en: {
            title: 'Alumni homecoming giving day ends in success',
            html:
              bodyEn(['On homecoming day nearly a thousand alumni came back to campus and joined “Plant a tree for your school”.']) +
              `<img src="${img.article(3)}" onerror="alert(1)" alt="Homecoming day">`
          }
        },
        {
          title: '基金会获评 5A 级社会组织',
          daysAgo: 75,
          reads: 2044,
          thumb: img.article(4),
          html: body(['经民政部门评估，基金会获评 5A 级社会组织，这是对规范管理与透明运作的肯定。']),
          en: {
            title: 'Foundation rated a 5A social organisation',
            html: bodyEn([
              'After review by the civil affairs authorities the foundation was rated a 5A social organisation, a recognition of its sound management and transparency.'
            ])
          }
        }
      ]
    },
    {
      name: '捐赠指南',
      source: 'index',
      websiteId: 1,
      articles: [
        {
          title: '如何在线捐赠',
          daysAgo: 100,
          reads: 3021,
          thumb: img.article(1),
          html: body(['选择项目后点击“我要捐赠”，填写金额与捐赠人信息，使用微信或支付宝完成支付。', '捐赠成功后可在“个人中心”查看证书。']),
          en: {
            title: 'How to give online',
            html: bodyEn([
              'Choose a project, tap “Give”, enter the amount and your details, and pay with WeChat Pay or Alipay.',
              'Once your gift is made you can see your certificate under “Me”.'
            ])
          }
        },
        {
          title: '捐赠票据开具说明',
          daysAgo: 120,
          reads: 1760,
          thumb: img.article(2),
          html: body(['基金会为每一笔捐赠开具公益事业捐赠统一票据，可用于个人所得税税前扣除。', '票据一般在 7 个工作日内开具。']),
          en: {
            title: 'About donation receipts',
            html: bodyEn([
              'The foundation issues an official charitable donation receipt for every gift, which can be deducted before personal income tax.',
              'Receipts are usually issued within 7 working days.'
            ])
          }
        },
        {
          title: '银行转账捐赠方式',
          daysAgo: 150,
          reads: 980,
          thumb: img.article(3),
          html: body(['开户名称：' + school + '教育发展基金会', '转账时请在附言中注明捐赠项目与联系方式。']),
          en: {
            title: 'Giving by bank transfer',
            html: bodyEn([
              `Account name: ${schoolEn} Education Development Foundation`,
              'Please note the project and how to reach you in the transfer message.'
            ])
          }
        }
      ]
    },
    {
      name: '新闻中心',
      source: 'web',
      websiteId: 1,
      articles: [
        {
          title: `${school}举行捐赠签约仪式`,
          daysAgo: 5,
          reads: 421,
          thumb: img.article(4),
          html: body(['多家校友企业与学校签署捐赠协议，共同支持学科建设与人才培养。'], img.article(4)) + '<script>document.cookie</script>',
          en: {
            title: `${schoolEn} holds a gift signing ceremony`,
            html:
              bodyEn(
                [
                  'Several alumni companies signed gift agreements with the university to support its disciplines and the education of its students.'
                ],
                img.article(4)
              ) + '<script>document.cookie</script>'
          }
        },
        {
          title: '图书馆“书香校园”新书上架',
          daysAgo: 21,
          reads: 233,
          thumb: img.article(1),
          html: body(['由校友捐赠的三千册新书已完成编目，近日正式上架。']),
          en: {
            title: 'New books on the library shelves',
            html: bodyEn(['Three thousand new books given by alumni have been catalogued and are now on the shelves.'])
          }
        },
        {
          title: '校园林荫大道改造工程开工',
          daysAgo: 60,
          reads: 655,
          thumb: img.article(2),
          html: body(['林荫大道改造工程正式开工，预计明年春季完工。'], img.article(2)),
          en: {
            title: 'Work begins on the tree-lined avenue',
            html: bodyEn(['Work on the tree-lined avenue has begun and is expected to finish next spring.'], img.article(2))
          }
        }
      ]
    },
    {
      name: '校友风采',
      source: 'web',
      websiteId: 2,
      articles: [
        {
          title: '校友讲坛：从校园到远方',
          daysAgo: 30,
          reads: 188,
          thumb: img.article(3),
          html: body(['知名校友回到母校，与在校学生分享成长经历。']),
          en: {
            title: 'Alumni lecture: from campus to the wider world',
            html: bodyEn(['Well-known alumni came back to campus to share their journeys with students.'])
          }
        }
      ]
    }
  ]
}
