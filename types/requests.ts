/** Query and body shapes shared by the calls in types/routes.ts: the schemas of types/schema/requests.ts
 *  (docs/decisions/066-donor-requests.md). A domain's own requests are re-exported by its module (donate.ts, center.ts …). */
export type {
  LangQuery,
  PageQuery,
  ItemsListQuery,
  ItemsIdQuery,
  ItemsPageQuery,
  IdQuery,
  DonateRecordPageQuery,
  DirectoryTotalQuery,
  ArticleListQuery,
  WebArticleListQuery,
  WebArticleDetailQuery,
  GetSettingValueQuery,
  AreaDictionaryQuery,
  InsertLeavewordBody
} from './schema/requests'

/** docs/product §5: message length limit. */
export const MESSAGE_MAX = 140
