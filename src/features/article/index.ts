// Public face of the article feature: the two screens list and list-page compose, and the query parser.
export { default as ArticleListScreen } from './components/article-list-screen'
export { default as ArticleDetailScreen } from './components/article-detail-screen'
export { parseArticleQuery, type ArticleQuery } from './model/article'
