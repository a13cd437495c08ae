/**
 * Kinds of news and channels (docs/decisions/044-notifications.md). A channel is where a donor can hear; only
 * e-mail is built. WeChat subscribe messages and Alipay template messages are further channels of the same kind
 * list: each adds a NoticeChannel (channels.ts) and its name here, and the preferences page shows it by itself.
 */
import { NOTICE_CHANNELS, NOTICE_KINDS, type NoticeChannel, type NoticeKind } from '../../../../types'

export { NOTICE_CHANNELS, NOTICE_KINDS, type NoticeKind }
export type NoticeChannelName = NoticeChannel

export const isNoticeKind = (v: unknown): v is NoticeKind => typeof v === 'string' && (NOTICE_KINDS as readonly string[]).includes(v)
export const isNoticeChannel = (v: unknown): v is NoticeChannelName =>
  typeof v === 'string' && (NOTICE_CHANNELS as readonly string[]).includes(v)

/** the job kind that sends one notification row */
export const NOTIFY_JOB_KIND = 'notify'
