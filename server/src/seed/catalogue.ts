/**
 * Demo projects: realistic foundation content (Chinese, as a foundation writes it). Amounts are yuan numbers here
 * and become fen in seed/index.ts. `campaign` keys land in SchoolSettings.campaignItems with the real item ids.
 */
import type { Theme } from './images'

export interface NamingSeed {
  type: 1 | 2
  countAll: number
  unitYuan: number
  labels: string[]
}
export interface ProjectSeed {
  type: string
  labels: string[]
  name: string
  intro: string
  paragraphs: string[]
  theme: Theme
  limitYuan?: number
  offlineYuan?: number
  goods?: { name: string; unit: string; priceYuan: number; limit: number; offline: number }
  complete?: boolean
  together?: boolean
  audit?: boolean
  closedMessages?: boolean
  subItems?: string[]
  subRank?: boolean
  fixMoney?: [string, number][]
  fixOnly?: boolean
  naming?: NamingSeed
  campaign?: string
  closed?: string
  /** the project's own words in English (project.texts, decision 073): the demo schools leave none untranslated */
  en: { name: string; intro: string; paragraphs: string[]; goods?: { name: string; unit: string }; closed?: string }
}

export const TYPES = ['奖助学金', '校园建设', '图书馆', '体育', '科研'] as const
export const LABELS = ['热门', '校友专项', '长期项目', '限时募捐', '毕业纪念'] as const

/** Donation projects every school may run; `u` is the school's short name, `uEn` the same in English. */
export function commonProjects(u: string, uEn: string): Record<string, ProjectSeed> {
  return {
    scholarship: {
      type: '奖助学金',
      labels: ['热门', '长期项目'],
      theme: 'scholarship',
      name: `${u}励志奖学金`,
      intro: '奖励品学兼优、自强不息的在校学生，每年评选一次。',
      limitYuan: 500000,
      offlineYuan: 126000,
      audit: true,
      subItems: ['本科生励志奖学金', '研究生励志奖学金'],
      fixMoney: [
        ['一份心意', 100],
        ['一学期书本费', 500],
        ['一个月生活费', 1000]
      ],
      paragraphs: [
        `“${u}励志奖学金”由校友与社会各界爱心人士共同设立，用于奖励品学兼优、自强不息的在校学生。`,
        '奖学金每年评选一次，本科生每人 5000 元，研究生每人 8000 元，评选结果在学校官网公示。',
        '每一份捐赠都将全部用于学生奖励，基金会定期公布资金使用情况。'
      ],
      en: {
        name: `${uEn} Merit Scholarship`,
        intro: 'Rewards students of high achievement and strong character; awarded once a year.',
        paragraphs: [
          `The ${uEn} Merit Scholarship was set up by alumni and friends of the school to reward students of high achievement and strong character.`,
          'It is awarded once a year: 5,000 yuan to each undergraduate and 8,000 yuan to each graduate student; the results are published on the school website.',
          'Every gift goes to the students in full; the foundation publishes how the money is used.'
        ]
      }
    },
    grant: {
      type: '奖助学金',
      labels: ['热门', '校友专项'],
      theme: 'scholarship',
      name: '寒门学子助学金',
      together: true,
      intro: '资助家庭经济困难学生完成学业，让每一位学子安心求学。',
      offlineYuan: 48000,
      fixMoney: [
        ['一周餐费', 100],
        ['一月餐费', 600]
      ],
      paragraphs: [
        '助学金面向家庭经济困难的全日制在校学生，资助标准为每人每年 4000 元。',
        '你的善款将直接发放到受助学生的校园卡中，用于日常生活开支。'
      ],
      en: {
        name: 'Grants for Students in Need',
        intro: 'Helps students from families in financial need finish their studies with peace of mind.',
        paragraphs: [
          'The grant supports full-time students from families in financial need: 4,000 yuan per student per year.',
          "Your gift goes straight to the student's campus card for daily living costs."
        ]
      }
    },
    greenChannel: {
      type: '奖助学金',
      labels: ['限时募捐'],
      theme: 'scholarship',
      name: '新生入学绿色通道',
      complete: true,
      intro: '为家庭困难的新生提供入学第一笔生活费，项目已圆满完成。',
      limitYuan: 200000,
      offlineYuan: 200000,
      paragraphs: ['每年九月，学校为家庭经济困难的新生开通绿色通道，先报到、后缴费。', '本年度募集目标已达成，感谢每一位捐赠人。'],
      en: {
        name: 'Green Channel for New Students',
        intro: "Gives new students in need their first month's living costs. This project has reached its goal.",
        paragraphs: [
          'Every September the school opens a green channel for new students in financial need: enrol first, pay later.',
          "This year's goal has been reached. Thank you to every donor."
        ]
      }
    },
    avenue: {
      type: '校园建设',
      labels: ['校友专项'],
      theme: 'campus',
      name: '校园林荫大道改造',
      limitYuan: 1000000,
      offlineYuan: 350000,
      together: true,
      intro: '改造主干道两侧绿化与照明，打造师生喜爱的林荫大道。',
      paragraphs: [
        '林荫大道是校园的主干道，也是几代校友共同的记忆。',
        '改造工程包括更换路面、增补行道树、更新夜间照明和休憩座椅，预计工期六个月。'
      ],
      en: {
        name: 'Tree-lined Avenue Renewal',
        intro: 'New planting and lighting along the main avenue, for a walk students and staff love.',
        paragraphs: [
          'The tree-lined avenue is the main road of the campus and a memory shared by generations of alumni.',
          'The works replace the paving, add street trees and renew the night lighting and benches; they take about six months.'
        ]
      }
    },
    gate: {
      type: '校园建设',
      labels: ['毕业纪念'],
      theme: 'campus',
      name: '百年校门修缮工程',
      complete: true,
      intro: '修缮百年老校门，留住校史记忆。项目已完成。',
      limitYuan: 300000,
      offlineYuan: 280000,
      closed: '项目已完成募集，感谢您的关注',
      paragraphs: ['老校门建于上世纪二十年代，是学校的标志性建筑。', '修缮工程已于今年春季完工，捐赠人名录镌刻于校门东侧的纪念墙上。'],
      en: {
        name: 'Centenary Gate Restoration',
        intro: "Restores the school's hundred-year-old gate and keeps its history alive. This project is complete.",
        paragraphs: [
          'The old gate, built in the 1920s, is the landmark of the school.',
          "The restoration was finished this spring; the donors' names are carved on the memorial wall east of the gate."
        ],
        closed: 'This project has reached its goal. Thank you for your interest.'
      }
    },
    books: {
      type: '图书馆',
      labels: ['长期项目'],
      theme: 'library',
      name: '书香校园·捐书计划',
      intro: '为图书馆购置新书，每册 30 元。',
      goods: { name: '图书', unit: '册', priceYuan: 30, limit: 5000, offline: 820 },
      paragraphs: ['捐赠将用于图书馆采购新书，书目由图书馆根据师生荐购意见确定。', '每本新书的扉页将贴上捐赠人藏书票。'],
      en: {
        name: 'Books for the Campus',
        intro: 'Buys new books for the library, 30 yuan a book.',
        goods: { name: 'Books', unit: 'book' },
        paragraphs: [
          'Gifts buy new books for the library, chosen from what students and staff recommend.',
          "Each new book carries the donor's bookplate inside its cover."
        ]
      }
    },
    study: {
      type: '图书馆',
      labels: ['校友专项'],
      theme: 'library',
      name: '校友书房建设',
      intro: '在图书馆三楼建设一间温暖的校友书房。',
      paragraphs: ['校友书房将陈列校友著作与捐赠图书，并作为校友返校交流的空间。', '书房面积约 200 平方米，计划明年开放。'],
      en: {
        name: 'Alumni Reading Room',
        intro: 'A warm reading room for alumni on the third floor of the library.',
        paragraphs: [
          "The reading room will hold alumni's own books and donated books, and be a place to meet when alumni come back.",
          'It covers about 200 square metres and is planned to open next year.'
        ]
      }
    },
    uniforms: {
      type: '体育',
      labels: ['限时募捐'],
      theme: 'goods',
      name: '运动队队服捐赠',
      intro: '为学校田径队、篮球队添置比赛队服，每套 150 元。',
      goods: { name: '运动队服', unit: '套', priceYuan: 150, limit: 300, offline: 40 },
      paragraphs: ['学校代表队常年参加省级和全国大学生比赛，队服已使用多年。', '新队服将印有校徽与“校友捐赠”字样。'],
      en: {
        name: 'Kit for the Sports Teams',
        intro: 'New match kit for the athletics and basketball teams, 150 yuan a set.',
        goods: { name: 'Team kit', unit: 'set' },
        paragraphs: [
          "The school's teams compete in provincial and national university games every year; their kit is years old.",
          'The new kit carries the school badge and the words “Given by alumni”.'
        ]
      }
    },
    gym: {
      type: '体育',
      labels: ['热门'],
      theme: 'sports',
      name: '体育馆设施更新',
      limitYuan: 800000,
      offlineYuan: 90000,
      intro: '更新体育馆照明、地板与看台，服务全校师生健身。',
      paragraphs: ['体育馆建成已二十余年，照明与木地板亟需更新。', '项目完成后将向校友开放预约使用。'],
      en: {
        name: 'Gymnasium Renewal',
        intro: 'New lighting, floor and stands for the gymnasium, for everyone on campus.',
        paragraphs: [
          'The gymnasium is more than twenty years old; its lighting and wooden floor need renewing.',
          'Once the work is done, alumni may book it too.'
        ]
      }
    },
    research: {
      type: '科研',
      labels: ['长期项目'],
      theme: 'research',
      name: '青年教师科研启动基金',
      limitYuan: 3000000,
      offlineYuan: 1200000,
      intro: '支持青年教师开展原创性研究，助力学科发展。',
      closedMessages: true,
      paragraphs: ['基金每年资助 20 位青年教师，每人 10 万元科研启动经费。', '资助项目由学术委员会评审，研究成果向捐赠人汇报。'],
      en: {
        name: 'Young Faculty Research Fund',
        intro: 'Supports original research by young faculty and helps their fields grow.',
        paragraphs: [
          'Each year the fund supports 20 young faculty members with 100,000 yuan each to start their research.',
          'The academic committee reviews the projects; the results are reported to donors.'
        ]
      }
    },
    innovation: {
      type: '科研',
      labels: ['热门', '校友专项'],
      theme: 'research',
      name: '大学生创新创业基金',
      offlineYuan: 60000,
      subRank: true,
      intro: '扶持学生创新项目与创业团队，各学院分别设立子基金。',
      subItems: ['机电学院子基金', '信息学院子基金', '经管学院子基金'],
      paragraphs: ['基金支持学生参加“挑战杯”“互联网+”等竞赛并孵化创业项目。', '捐赠时可以选择支持的学院子基金，排名按子基金筹款额显示。'],
      en: {
        name: 'Student Innovation and Enterprise Fund',
        intro: "Backs students' innovation projects and start-up teams, with a fund for each college.",
        paragraphs: [
          'The fund helps students enter national competitions such as the Challenge Cup and Internet+ and incubates their start-ups.',
          "When you give, you may choose a college's fund; the ranking follows what each fund has raised."
        ]
      }
    },
    uniformsKids: {
      type: '奖助学金',
      labels: ['毕业纪念'],
      theme: 'goods',
      name: '对口支援中学校服捐赠',
      intro: '为对口支援的山区中学捐赠校服，每套 80 元。',
      goods: { name: '校服', unit: '套', priceYuan: 80, limit: 1000, offline: 120 },
      paragraphs: ['学校对口支援云南、贵州的三所山区中学。', '校服由当地企业统一制作，开学前送达学生手中。'],
      en: {
        name: 'School Uniforms for Partner Schools',
        intro: 'School uniforms for our partner secondary schools in the mountains, 80 yuan a set.',
        goods: { name: 'School uniforms', unit: 'set' },
        paragraphs: [
          'The school partners with three secondary schools in the mountains of Yunnan and Guizhou.',
          'The uniforms are made by local firms and reach the students before term starts.'
        ]
      }
    }
  }
}

export const seatNaming = (hall: string, hallEn: string, campaign?: string): ProjectSeed => ({
  type: '校园建设',
  labels: ['校友专项'],
  theme: 'seat',
  name: `${hall}座椅冠名`,
  campaign,
  intro: `认捐${hall}座椅，在座椅背面镌刻您的名字与寄语。`,
  limitYuan: 1200000,
  offlineYuan: 0,
  naming: {
    type: 1,
    countAll: 600,
    unitYuan: 2000,
    labels: ['A区1排1座', 'A区1排2座', 'A区2排5座', 'B区3排12座', 'B区3排13座', 'C区5排8座', 'C区6排1座', 'D区8排20座']
  },
  paragraphs: [`${hall}共有座椅 600 个，每个座椅冠名捐赠 2000 元，冠名期十年。`, '冠名内容经审核后生效，铭牌统一制作安装。'],
  en: {
    name: `Name a Seat in the ${hallEn}`,
    intro: `Give a seat in the ${hallEn}: your name and words are engraved on its back.`,
    paragraphs: [
      `The ${hallEn} has 600 seats; naming a seat is a gift of 2,000 yuan and lasts ten years.`,
      'The wording is checked before it takes effect; the nameplates are made and fitted together.'
    ]
  }
})

export const bookNaming = (campaign?: string): ProjectSeed => ({
  type: '图书馆',
  labels: ['长期项目'],
  theme: 'book',
  name: '馆藏图书冠名',
  campaign,
  intro: '为图书馆珍藏图书冠名，藏书票上留下您的名字。',
  offlineYuan: 0,
  naming: {
    type: 2,
    countAll: 2000,
    unitYuan: 200,
    labels: ['《平凡的世界》', '《红楼梦》', '《百年孤独》', '《史记》', '《围城》', '《呐喊》']
  },
  paragraphs: ['每册图书冠名捐赠 200 元，可冠名多册。', '冠名图书将贴上专属藏书票，并在图书馆捐赠墙公示。'],
  en: {
    name: 'Name a Library Book',
    intro: 'Put your name on a treasured library book, on its bookplate.',
    paragraphs: [
      'Naming a book is a gift of 200 yuan; you may name several.',
      "Each named book carries its own bookplate and is listed on the library's donor wall."
    ]
  }
})

export const treeNaming = (name: string, area: string, campaign: string, en: { name: string; area: string }): ProjectSeed => ({
  type: '校园建设',
  labels: ['毕业纪念'],
  theme: 'tree',
  name,
  campaign,
  intro: `在${area}认植一棵纪念树，树牌上刻下您的名字与寄语。`,
  offlineYuan: 20000,
  naming: { type: 1, countAll: 300, unitYuan: 2000, labels: ['银杏-01', '银杏-07', '香樟-12', '桂花-03', '玉兰-05', '水杉-21'] },
  paragraphs: [
    `${area}规划纪念树 300 棵，树种包括银杏、香樟、桂花、玉兰与水杉。`,
    '每棵树认植捐赠 2000 元起，认植期二十年，由学校负责养护。'
  ],
  en: {
    name: en.name,
    intro: `Plant a memorial tree in ${en.area}, with your name and words on its plaque.`,
    paragraphs: [
      `${en.area} has room for 300 memorial trees: ginkgo, camphor, osmanthus, magnolia and dawn redwood.`,
      'A tree is a gift of 2,000 yuan or more and is yours for twenty years; the school looks after it.'
    ]
  }
})
