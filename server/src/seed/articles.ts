/**
 * Demo articles. The HTML deliberately contains an <img> (must render) and a <script> and an onerror handler
 * (must be removed by the app's sanitiser): the server stores and returns what the foundation wrote.
 */
import { img } from './images'

export interface ArticleSeed {
  title: string
  html: string
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

const body = (paras: string[], picture?: string) =>
  paras.map((p) => `<p>${p}</p>`).join('') + (picture ? `<p><img src="${picture}" alt="现场照片" style="max-width:100%"></p>` : '')

export function articleSeeds(school: string): CategorySeed[] {
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
            ) + '<script>alert("xss")</script><p>更多信息请关注基金会公众号。</p>'
        },
        {
          title: '“励志奖学金”颁奖典礼举行',
          daysAgo: 12,
          reads: 812,
          thumb: img.article(2),
          html: body(['本年度共有 120 名同学获得励志奖学金。', '获奖学生代表发言，感谢捐赠人的关爱与支持。'], img.article(2))
        },
        {
          title: '校友返校日捐赠活动圆满结束',
          daysAgo: 40,
          reads: 1290,
          thumb: img.article(3),
          html:
            body(['返校日当天，近千名校友回到母校，参与“为母校种一棵树”活动。']) +
            `<img src="${img.article(3)}" onerror="alert(1)" alt="返校日">`
        },
        {
          title: '基金会获评 5A 级社会组织',
          daysAgo: 75,
          reads: 2044,
          thumb: img.article(4),
          html: body(['经民政部门评估，基金会获评 5A 级社会组织，这是对规范管理与透明运作的肯定。'])
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
          html: body(['选择项目后点击“我要捐赠”，填写金额与捐赠人信息，使用微信或支付宝完成支付。', '捐赠成功后可在“个人中心”查看证书。'])
        },
        {
          title: '捐赠票据开具说明',
          daysAgo: 120,
          reads: 1760,
          thumb: img.article(2),
          html: body(['基金会为每一笔捐赠开具公益事业捐赠统一票据，可用于个人所得税税前扣除。', '票据一般在 7 个工作日内开具。'])
        },
        {
          title: '银行转账捐赠方式',
          daysAgo: 150,
          reads: 980,
          thumb: img.article(3),
          html: body(['开户名称：' + school + '教育发展基金会', '转账时请在附言中注明捐赠项目与联系方式。'])
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
          html: body(['多家校友企业与学校签署捐赠协议，共同支持学科建设与人才培养。'], img.article(4)) + '<script>document.cookie</script>'
        },
        {
          title: '图书馆“书香校园”新书上架',
          daysAgo: 21,
          reads: 233,
          thumb: img.article(1),
          html: body(['由校友捐赠的三千册新书已完成编目，近日正式上架。'])
        },
        {
          title: '校园林荫大道改造工程开工',
          daysAgo: 60,
          reads: 655,
          thumb: img.article(2),
          html: body(['林荫大道改造工程正式开工，预计明年春季完工。'], img.article(2))
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
          html: body(['知名校友回到母校，与在校学生分享成长经历。'])
        }
      ]
    }
  ]
}
