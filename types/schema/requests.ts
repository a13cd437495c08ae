/**
 * The query strings and bodies shared by several donor calls (docs/product §7; docs/decisions/066-donor-requests.md).
 * Like the answers (decision 056), each request shape is a schema and its type is `Static<>` of it: the server
 * validates with the schema (integers through `wireInt`, types/schema/wire-int.ts), the app builds its queries typed
 * by the type, which types/requests.ts re-exports with `export type` (no TypeBox in the bundles). Requests of one
 * domain sit beside its answers (types/schema/donate.ts, center.ts, naming.ts …).
 *
 * `query()` adds `lang` and lets unknown keys through (cache busters, billType); `token` is declared where a call
 * reads the session from the query (a longer one is refused with 400).
 */
import { type Static } from 'typebox'
import { Opt } from './common'
import { SchoolSettings } from './config'
import { body, INT_RANGE, optInt, optNullableString, optString, pageProps, query, reqInt, reqString } from './wire-int'

/** No parameter but the language. */
export const LangQuery = query({})
export type LangQuery = Static<typeof LangQuery>
/** limit and offset (docs/product §9 page sizes; a larger limit is capped, never refused). */
export const PageQuery = query(pageProps)
export type PageQuery = Static<typeof PageQuery>

/** GET itemsList: projects of a type and/or label; `s` searches the name. */
export const ItemsListQuery = query({ ...pageProps, typeId: optInt(), labelId: optInt(), s: optString(100) })
export type ItemsListQuery = Static<typeof ItemsListQuery>
/** One project's id: subItemsStatistics, itemsSubPrice, launchDetail, areaList, nameplateExample … */
export const ItemsIdQuery = query({ itemsId: reqInt() })
export type ItemsIdQuery = Static<typeof ItemsIdQuery>
/** A page of one project's rows: donateSeatList, togetherList, progressList, leavewordList, bookCategoryList … */
export const ItemsPageQuery = query({ ...pageProps, itemsId: reqInt() })
export type ItemsPageQuery = Static<typeof ItemsPageQuery>
/** One row by id: itemsDetail, articleDetail, togetherDetail, agreement/detail, receipt/detail … */
export const IdQuery = query({ id: reqInt() })
export type IdQuery = Static<typeof IdQuery>

/** GET donateRecordPage: the directory (docs/product §7 Index), one project's or one joint donation's. */
export const DonateRecordPageQuery = query({
  ...pageProps,
  s: optString(100),
  itemsId: optInt(),
  donateTogetherId: optInt(),
  /** the directory orders of SchoolSettings.defaultDirectoryOrder (types/config.ts DIRECTORY_ORDER_CYCLE) */
  order: Opt(SchoolSettings.properties.defaultDirectoryOrder)
})
export type DonateRecordPageQuery = Static<typeof DonateRecordPageQuery>
/** GET total: the directory's totals, filtered like donateRecordPage. */
export const DirectoryTotalQuery = query({ itemsId: optInt(), donateTogetherId: optInt(), s: optString(100) })
export type DirectoryTotalQuery = Static<typeof DirectoryTotalQuery>

export const ArticleListQuery = query({ ...pageProps, categoryId: optInt() })
export type ArticleListQuery = Static<typeof ArticleListQuery>
/** The foundation website's news: websiteId 1 when absent. */
export const WebArticleListQuery = query({ ...pageProps, categoryId: optInt(), websiteId: optInt(1, INT_RANGE.int4) })
export type WebArticleListQuery = Static<typeof WebArticleListQuery>
export const WebArticleDetailQuery = query({ articleId: reqInt() })
export type WebArticleDetailQuery = Static<typeof WebArticleDetailQuery>
/** GET getSettingValue?key (types/config.ts SettingKey). */
export const GetSettingValueQuery = query({ key: reqString(64, 1) })
export type GetSettingValueQuery = Static<typeof GetSettingValueQuery>
/** GET the divisions under parentId ('' or absent: the provinces). */
export const AreaDictionaryQuery = query({ parentId: optNullableString(12) })
export type AreaDictionaryQuery = Static<typeof AreaDictionaryQuery>

/** POST insertLeaveword: a message on a project (docs/product §5: at most MESSAGE_MAX characters, checked with a -1). */
export const InsertLeavewordBody = body({ itemsId: reqInt(), content: reqString(10_000), token: optString(200) })
export type InsertLeavewordBody = Static<typeof InsertLeavewordBody>
