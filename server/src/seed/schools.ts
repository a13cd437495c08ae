/**
 * The demo tenants. `demo` is the default school. hhu and cpu mirror how those foundations are configured
 * (campaign items, dropdown list, masked names); fzu exercises the remaining switches (hidden statistics,
 * offline-only donation, hidden directory search and tab).
 */
import type { SchoolSettings } from '../../../types'
import { CampaignKey } from '../../../types'
import { bookNaming, commonProjects, seatNaming, treeNaming, type ProjectSeed } from './catalogue'

export interface SchoolSeed {
  code: string
  name: string
  short: string
  moduleName: string
  theme: string
  themeColor: string
  isDefault?: boolean
  settings: Partial<SchoolSettings>
  projects: ProjectSeed[]
}

export function schoolSeeds(): SchoolSeed[] {
  const demo = commonProjects('示范大学', 'Demo University')
  const hhu = commonProjects('河海', 'Hohai')
  const cpu = commonProjects('药大', 'CPU')
  const fzu = commonProjects('福大', 'Fuzhou University')
  return [
    {
      code: 'demo',
      name: '示范大学教育发展基金会',
      short: '示范大学',
      moduleName: '校友基金会',
      theme: 'red',
      themeColor: '#c8102e',
      isDefault: true,
      settings: { projectListVariant: 'tabs', defaultDirectoryOrder: '' },
      projects: [
        demo.scholarship,
        demo.grant,
        demo.greenChannel,
        demo.avenue,
        demo.gate,
        demo.books,
        demo.study,
        demo.uniforms,
        demo.gym,
        demo.research,
        demo.innovation,
        demo.uniformsKids,
        seatNaming('大礼堂', 'Grand Hall', CampaignKey.JNU_SEAT),
        bookNaming()
      ]
    },
    {
      code: 'hhu',
      name: '河海大学教育发展基金会',
      short: '河海大学',
      moduleName: '河海大学教育发展基金会',
      theme: 'blue',
      themeColor: '#1d4e89',
      settings: { projectListVariant: 'tabs', defaultDirectoryOrder: '1' },
      projects: [
        hhu.scholarship,
        hhu.grant,
        hhu.avenue,
        hhu.books,
        hhu.gym,
        hhu.research,
        hhu.innovation,
        hhu.gate,
        treeNaming('校友林纪念树认植', '校友林', CampaignKey.HHU_TREE_DEFAULT, {
          name: 'Plant a Tree in Alumni Wood',
          area: 'Alumni Wood'
        }),
        treeNaming('西康路校区纪念树认植', '西康路校区', CampaignKey.HHU_TREE_YC, {
          name: 'Plant a Tree on Xikang Road Campus',
          area: 'Xikang Road Campus'
        }),
        seatNaming('大礼堂', 'Grand Hall', CampaignKey.HHU_SEAT),
        treeNaming('江宁校区纪念树认植', '江宁校区', CampaignKey.HHU_TREE_JN, {
          name: 'Plant a Tree on Jiangning Campus',
          area: 'Jiangning Campus'
        })
      ]
    },
    {
      code: 'cpu',
      name: '中国药科大学教育发展基金会',
      short: '中国药科大学',
      moduleName: '药大基金会',
      theme: 'green',
      themeColor: '#2e7d32',
      settings: {
        projectListVariant: 'dropdown',
        maskDonorNames: true,
        defaultDirectoryOrder: '',
        // the tree campaign's 'phone a teacher' dialog dials this (online donation stays open: only fzu closes it)
        offlineContactInfo: '校友与基金会办公室 025-86185000（工作日 8:30-17:00）'
      },
      projects: [
        cpu.scholarship,
        cpu.grant,
        cpu.greenChannel,
        cpu.books,
        cpu.study,
        cpu.uniforms,
        cpu.research,
        cpu.innovation,
        cpu.gym,
        treeNaming('药苑纪念树认植', '药苑', CampaignKey.TREE_NAMING_CPU, {
          name: 'Plant a Tree in the Herb Garden',
          area: 'the Herb Garden'
        }),
        bookNaming()
      ]
    },
    {
      code: 'fzu',
      name: '福州大学教育发展基金会',
      short: '福州大学',
      moduleName: '福大基金会',
      theme: 'orange',
      themeColor: '#e65100',
      settings: {
        hideStatistics: true,
        disableOnlineDonation: true,
        hideDirectorySearch: true,
        hideProjectDirectory: true,
        offlineContactInfo: '本基金会暂不开通线上捐赠，请致电 0591-2286XXXX（工作日 8:30-17:30）或通过银行转账捐赠。',
        defaultDirectoryOrder: 'donate_time_asc'
      },
      projects: [fzu.scholarship, fzu.grant, fzu.avenue, fzu.books, fzu.gym, fzu.research, fzu.innovation, fzu.uniformsKids]
    }
  ]
}

export const DONOR_NAMES = [
  '王建国',
  '李秀英',
  '张伟',
  '刘洋',
  '陈静',
  '杨帆',
  '赵磊',
  '黄晓明',
  '周婷',
  '吴昊',
  '徐丽娟',
  '孙志强',
  '胡敏',
  '朱晨',
  '高翔',
  '林慧',
  '何雨桐',
  '郭子豪',
  '马俊',
  '罗思远',
  '梁晓燕',
  '宋佳',
  '郑凯',
  '谢文',
  '韩雪',
  '唐宁',
  '冯博',
  '欧阳晓峰',
  '司马文涛',
  '赟喆䶮',
  '1998级土木工程校友',
  '2005届水文班全体同学',
  '江苏校友会',
  '上海校友会'
]

export const MESSAGES: [string, string][] = [
  ['母校培育之恩，永志不忘！祝母校越来越好。', '感谢校友的支持与祝福，欢迎常回家看看！'],
  ['希望学弟学妹们好好学习，将来回报社会。', ''],
  ['一点心意，略尽绵薄之力。', '感谢您的爱心捐赠！'],
  ['毕业十年，常常想起在校园里的日子。', '母校一直记挂着每一位校友。'],
  ['为母校点赞，为公益助力！', '']
]
