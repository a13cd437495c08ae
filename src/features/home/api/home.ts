/**
 * The home page's calls (docs/product §7 Index total, Projects itemsList, Index articleList). All public: sent
 * without the token, failures shown in the section, not toasted.
 */
import { Api, type Article, type DirectoryTotal, type Page, type ProjectSummary } from '@contract'
import { request } from '@/lib/request'

export const FEATURED_COUNT = 4
export const NEWS_COUNT = 3

export function fetchTotal(): Promise<DirectoryTotal> {
  return request<DirectoryTotal>({ path: Api.total, auth: false, silent: true })
}

/** The first projects in the school's own order (the server lists them as the project list does). */
export function fetchFeatured(): Promise<Page<ProjectSummary>> {
  return request<Page<ProjectSummary>>({ path: Api.itemsList, query: { limit: FEATURED_COUNT, offset: 0 }, auth: false, silent: true })
}

export function fetchNews(): Promise<Page<Article>> {
  return request<Page<Article>>({ path: Api.articleList, query: { limit: NEWS_COUNT, offset: 0 }, auth: false, silent: true })
}
