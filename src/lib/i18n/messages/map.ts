// The campus map component (docs/product §2 Naming maps, §4 named seats): its stamp, zoom buttons and states.
import { defineMessages } from '../define'

export default defineMessages({
  zh_CN: {
    'map.named': '已冠名',
    'map.zoomIn': '放大地图',
    'map.zoomOut': '缩小地图',
    'map.loading': '地图加载中…',
    'map.failed': '地图加载失败',
    'map.label': '校园地图'
  },
  en: {
    'map.named': 'Named',
    'map.zoomIn': 'Zoom in',
    'map.zoomOut': 'Zoom out',
    'map.loading': 'Loading the map…',
    'map.failed': 'The map could not be loaded',
    'map.label': 'Campus map'
  }
})
