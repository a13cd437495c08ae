/**
 * docs/product §7 articles: the school's own (Index articleList / articleDetail) and the web-source ones
 * (operate API: article/list/mobile with websiteId default 1, get/article/details with articleId).
 */
import { Api, type Article, type Page } from '@contract'
import { request } from '@/lib/request'

/** 'web' when list-page was opened with from=web, 'app' otherwise. */
export type ArticleSource = 'app' | 'web'

export const DEFAULT_WEBSITE_ID = 1

export interface ArticlePageQuery {
  source: ArticleSource
  offset: number
  limit: number
  categoryId?: number
  websiteId?: number
}

export function fetchArticlePage(q: ArticlePageQuery): Promise<Page<Article>> {
  if (q.source === 'web') {
    return request<Page<Article>>({
      path: Api.webArticleList,
      query: { limit: q.limit, offset: q.offset, categoryId: q.categoryId, websiteId: q.websiteId || DEFAULT_WEBSITE_ID },
      auth: false
    })
  }
  return request<Page<Article>>({
    path: Api.articleList,
    query: { limit: q.limit, offset: q.offset, categoryId: q.categoryId },
    auth: false
  })
}

export function fetchArticle(source: ArticleSource, id: number): Promise<Article | null> {
  if (source === 'web') {
    return request<Article | null>({ path: Api.webArticleDetail, query: { articleId: id }, auth: false, silent: true })
  }
  return request<Article | null>({ path: Api.articleDetail, query: { id }, auth: false, silent: true })
}
