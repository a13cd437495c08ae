// Empty states, skeletons, badges and payment logos.
import { defineMessages } from '../define'

export default defineMessages({
  zh_CN: {
    'empty.hint.list': '换个分类或稍后再来看看',
    'empty.hint.gift': '您的每一笔捐赠都会记录在这里',
    'empty.hint.article': '新的资讯发布后会显示在这里',
    'empty.hint.people': '成为第一个参与的人吧',
    'empty.hint.paper': '捐赠后可在这里申请和查看',
    'empty.action.browse': '去看看捐赠项目',
    'skeleton.loading': '正在加载内容',
    'badge.locked': '未点亮',
    'badge.unlocked': '已点亮',
    'paylogo.wechat': '微信支付',
    'paylogo.alipay': '支付宝',
    'paylogo.campus': '校园卡',
    'paylogo.other': '第三方支付'
  },
  en: {
    'empty.hint.list': 'Try another category or come back later',
    'empty.hint.gift': 'Every gift you make will be listed here',
    'empty.hint.article': 'New stories will appear here',
    'empty.hint.people': 'Be the first to take part',
    'empty.hint.paper': 'After a gift you can request and view them here',
    'empty.action.browse': 'Browse projects',
    'skeleton.loading': 'Loading content',
    'badge.locked': 'Not yet earned',
    'badge.unlocked': 'Earned',
    'paylogo.wechat': 'WeChat Pay',
    'paylogo.alipay': 'Alipay',
    'paylogo.campus': 'Campus card',
    'paylogo.other': 'Third-party payment'
  }
})
