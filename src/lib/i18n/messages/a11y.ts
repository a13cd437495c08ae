// Names that only assistive technology reads (decision 028): controls whose visible face is an icon or a
// picture. zh_CN and en have the same keys (defineMessages).
import { defineMessages } from '../define'

export default defineMessages({
  zh_CN: {
    'a11y.carousel': '项目图片',
    'a11y.carousel.pause': '暂停图片轮播',
    'a11y.carousel.play': '继续图片轮播',
    'a11y.qr': '本页的微信二维码',
    'a11y.certificate': '捐赠证书图片，点击查看大图',
    'a11y.search': '搜索项目',
    'a11y.tabs': '项目分类',
    'a11y.detailTabs': '项目内容'
  },
  en: {
    'a11y.carousel': 'Project pictures',
    'a11y.carousel.pause': 'Pause the slideshow',
    'a11y.carousel.play': 'Play the slideshow',
    'a11y.qr': 'WeChat QR code of this page',
    'a11y.certificate': 'Donation certificate, tap to enlarge',
    'a11y.search': 'Search projects',
    'a11y.tabs': 'Project categories',
    'a11y.detailTabs': 'Project sections'
  }
})
