// Strings of the article pages (list, list-page). zh_CN and en have the same keys (defineMessages: tsc checks).
import { defineMessages } from '../define'

export default defineMessages({
  zh_CN: {
    'article.reads': '阅读 {count}',
    'article.empty': '暂无资讯',
    'article.notFound': '文章不存在或已下线',
    'article.loadFailed': '文章加载失败',
    'article.noThumb': '资讯',
    'article.publishedOn': '发布于 {date}',
    'article.back': '返回'
  },
  en: {
    'article.reads': '{count, plural, one {# read} other {# reads}}',
    'article.empty': 'No articles yet',
    'article.notFound': 'This article does not exist or has been withdrawn',
    'article.loadFailed': 'Failed to load the article',
    'article.noThumb': 'News',
    'article.publishedOn': 'Published {date}',
    'article.back': 'Back'
  }
})
