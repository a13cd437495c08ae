// Strings of the donation directory (jzml). zh_CN and en have the same keys (defineMessages: tsc checks).
import { defineMessages } from '../define'

export default defineMessages({
  zh_CN: {
    'directory.searchPlaceholder': '搜索捐赠人或项目',
    'directory.sortBy': '排序',
    'directory.sortTime': '时间',
    'directory.sortMoney': '金额',
    'directory.order.timeDesc': '按时间从新到旧',
    'directory.order.timeAsc': '按时间从旧到新',
    'directory.order.moneyDesc': '按金额从高到低',
    'directory.order.moneyAsc': '按金额从低到高',
    'directory.totals': '共 {count} 笔捐赠，合计 {money}',
    'directory.unlisted': '其中 {count} 笔应捐赠人要求未列出',
    'directory.offline': '另有线下捐赠 {money}',
    'directory.separator': '；',
    'directory.empty': '暂无捐赠记录',
    'directory.subProject': '子项目：{name}',
    'directory.shareTitle': '感谢每一位捐赠人',
    'directory.shareDesc': '捐赠名录：每一份心意都值得铭记'
  },
  en: {
    'directory.searchPlaceholder': 'Search donors or projects',
    'directory.sortBy': 'Sort',
    'directory.sortTime': 'Time',
    'directory.sortMoney': 'Amount',
    'directory.order.timeDesc': 'Newest first',
    'directory.order.timeAsc': 'Oldest first',
    'directory.order.moneyDesc': 'Largest amount first',
    'directory.order.moneyAsc': 'Smallest amount first',
    'directory.totals': '{count, plural, one {# gift} other {# gifts}}, {money} in total',
    'directory.unlisted': "{count} not listed at the donors' wish",
    'directory.offline': 'plus {money} given offline',
    'directory.separator': '; ',
    'directory.empty': 'No donations yet',
    'directory.subProject': 'Sub-project: {name}',
    'directory.shareTitle': 'Thank you to every donor',
    'directory.shareDesc': 'Donor directory: every gift is remembered'
  }
})
