/** A leaf of the contract (no imports): the notice schemas (types/schema/notice.ts) read these lists without a cycle. */
/** Kinds of news a donor can hear about (docs/decisions/044-notifications.md). 'statement': the yearly giving statement,
 *  sent each year by staff to the donors who turned it on (docs/decisions/050-yearly-statement.md). 'monthly': a monthly
 *  gift could not be collected and its plan is paused (docs/decisions/071-monthly-giving.md). */
export const NOTICE_KINDS = ['paid', 'certificate', 'receipt', 'nameplate', 'together', 'refund', 'statement', 'monthly'] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]
/**
 * Channels news goes out on, in the order they are tried (docs/decisions/044-notifications.md, 049): e-mail, WeChat
 * subscribe messages (mini-program donors), Alipay subscription messages (Alipay mini-program donors).
 */
export const NOTICE_CHANNELS = ['email', 'wechat', 'alipay'] as const
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number]
/** The channels whose every message needs the donor's consent in the platform's own dialog (decision 049). */
export const PLATFORM_NOTICE_CHANNELS = ['wechat', 'alipay'] as const
export type PlatformNoticeChannel = (typeof PLATFORM_NOTICE_CHANNELS)[number]
/** What a template field can carry (decision 049): the school maps each field of its template to one of these. */
export const NOTICE_FACTS = ['project', 'amount', 'time', 'school', 'billNo', 'status', 'note'] as const
export type NoticeFact = (typeof NOTICE_FACTS)[number]
