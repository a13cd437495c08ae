/**
 * Kinds of news and channels (docs/decisions/044-notifications.md, 049-subscribe-messages.md). A channel is where a
 * donor can hear: e-mail, WeChat subscribe messages, Alipay subscription messages, each a NoticeChannel of send.ts.
 */
import { NOTICE_CHANNELS, NOTICE_KINDS, type NoticeChannel, type NoticeKind } from '../../../../types'

export { NOTICE_CHANNELS, NOTICE_KINDS, type NoticeKind }
export type NoticeChannelName = NoticeChannel

export const isNoticeKind = (v: unknown): v is NoticeKind => typeof v === 'string' && (NOTICE_KINDS as readonly string[]).includes(v)
export const isNoticeChannel = (v: unknown): v is NoticeChannelName =>
  typeof v === 'string' && (NOTICE_CHANNELS as readonly string[]).includes(v)

/** the job kind that sends one notification row */
export const NOTIFY_JOB_KIND = 'notify'
