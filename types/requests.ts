/** Query and body shapes of the calls in types/routes.ts. Numbers arrive as query strings and are validated. */
import type { DirectoryOrder } from './config'
import type { Lang } from './envelope'

export interface LangQuery {
  lang?: Lang
}
export interface PageQuery extends LangQuery {
  limit?: number
  offset?: number
}

export interface ItemsListQuery extends PageQuery {
  typeId?: number
  labelId?: number
  s?: string
}
export interface ItemsIdQuery extends LangQuery {
  itemsId: number
}
export interface ItemsPageQuery extends PageQuery {
  itemsId: number
}
export interface IdQuery extends LangQuery {
  id: number
}
export interface DonateRecordPageQuery extends PageQuery {
  itemsId?: number
  donateTogetherId?: number
  s?: string
  order?: DirectoryOrder
}
export interface ArticleListQuery extends PageQuery {
  categoryId?: number
}
export interface WebArticleListQuery extends PageQuery {
  categoryId?: number
  websiteId?: number
}
export interface WebArticleDetailQuery extends LangQuery {
  articleId: number
}
export interface GetSettingValueQuery extends LangQuery {
  key: string
}
export interface AreaDictionaryQuery extends LangQuery {
  parentId?: string
}

export interface InsertLeavewordBody {
  itemsId: number
  content: string
}
/**
 * POST S/app/v1/user/middle/auth: the middle-school hand-off a mini-program passes to its web-view as
 * `?openId=…&timestamp=…&signature=…`. `signature` = lowercase hex HMAC-SHA256(school secret, `${openId}.${timestamp}`),
 * `timestamp` in Unix seconds; both may be absent only where the school runs the sandbox identity (server/README.md).
 */
export interface MiddleAuthBody {
  openId: string
  timestamp?: number
  signature?: string
}

/** docs/product §5: message length limit. */
export const MESSAGE_MAX = 140
