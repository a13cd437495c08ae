/**
 * Server messages in both languages (docs/product §1: zh_CN default, en). The request's language comes from the `lang`
 * query (GET) or the `lang` query/header (POST); anything unrecognised falls back to zh_CN. The message format, the
 * lookup and the language parsing are the app's own (types/i18n.ts, docs/decisions/059-one-route-list.md);
 * the server's domains write their messages key by key (`{ key: { zh_CN, en } }`), which definePairs turns into the
 * per-language dictionaries the lookup reads.
 */
import { DEFAULT_LANG, type Lang } from '../../types'
import { definePairs, lookup, parseLang } from '../../types/i18n'
import { orderMessages } from './domain/order/messages'
import { centerMessages } from './domain/center/messages'
import { identityMessages } from './domain/identity/messages'
import { messageMessages } from './domain/message/messages'
import { namingMessages } from './domain/naming/messages'
import { agreementMessages } from './domain/agreement/messages'
import { namingMapMessages } from './domain/naming-map/messages'
import { togetherMessages } from './domain/together/messages'
import { channelMessages } from './domain/channel/messages'
import { schoolMessages } from './domain/school/messages'
import { staffMessages } from './domain/staff/messages'
import { staffMoneyMessages } from './domain/ledger/messages'
import { staffProjectMessages } from './domain/project/messages'
import { refundMessages } from './domain/refund/messages'
import { moderationMessages } from './domain/moderation/messages'
import { billMessages } from './domain/bill/messages'
import { privacyMessages } from './domain/privacy/messages'
import { notifyMessages } from './domain/notify/messages'
import { statementMessages } from './domain/statement/messages'
import { monthlyMessages } from './domain/monthly/messages'
import { givingDayMessages } from './domain/giving-day/messages'

const messages = {
  success: { zh_CN: 'success', en: 'success' },
  notFound: { zh_CN: '请求的接口不存在', en: 'Not found' },
  schoolNotFound: { zh_CN: '学校不存在', en: 'School not found' },
  // docs/decisions/048: the school hides its statistics (settings.hideStatistics)
  statisticsHidden: { zh_CN: '本校未公开捐赠统计', en: 'This school does not publish donation statistics' },
  noSchoolYet: {
    zh_CN: '尚未添加学校：请在服务器上运行 npx tsx server/src/cli/add-school.ts --code … --name …（见 README“Add a school”）',
    en: 'No school has been added yet: run npx tsx server/src/cli/add-school.ts --code … --name … on the server (README "Add a school")'
  },
  invalidParam: { zh_CN: '参数 {field} 格式不正确', en: 'Invalid parameter: {field}' },
  missingParam: { zh_CN: '缺少参数 {field}', en: 'Missing parameter: {field}' },
  badRequest: { zh_CN: '请求格式不正确', en: 'Malformed request' },
  bodyTooLarge: { zh_CN: '请求内容过大', en: 'Request body too large' },
  unsupportedMedia: { zh_CN: '不支持的请求内容类型', en: 'Unsupported content type' },
  internal: { zh_CN: '服务器繁忙，请稍后再试', en: 'Server busy, please try again later' },
  signatureMissing: { zh_CN: '缺少请求签名', en: 'Missing request signature' },
  signatureInvalid: { zh_CN: '请求签名无效', en: 'Invalid request signature' },
  signatureExpired: { zh_CN: '请求已过期，请检查设备时间', en: 'Request expired, please check the device time' },
  nonceReplayed: { zh_CN: '重复的请求', en: 'Duplicate request' },
  tokenInvalid: { zh_CN: '登录已失效，请重新登录', en: 'Login expired, please sign in again' },
  projectNotFound: { zh_CN: '项目不存在', en: 'Project not found' },
  articleNotFound: { zh_CN: '文章不存在', en: 'Article not found' },
  messageEmpty: { zh_CN: '留言内容不能为空', en: 'message can not empty' },
  messageTooLong: { zh_CN: '留言不能超过{max}个字', en: 'Message can not exceed {max} characters' },
  messageClosed: { zh_CN: '该项目未开放留言', en: 'Messages are closed for this project' },
  messagePending: { zh_CN: '留言已提交，等待管理员审核', en: 'Submitted, waiting for admin review' },
  messageOk: { zh_CN: '留言成功', en: 'Message Success' },
  anonymous: { zh_CN: '匿名爱心人士', en: 'Anonymous donor' },
  defaultNickname: { zh_CN: '爱心校友', en: 'A caring alumnus' },
  invalidUrl: { zh_CN: '链接地址不正确', en: 'Invalid URL' },
  ...orderMessages,
  ...centerMessages,
  ...identityMessages,
  ...messageMessages,
  ...namingMessages,
  ...agreementMessages,
  ...namingMapMessages,
  ...togetherMessages,
  ...channelMessages,
  ...schoolMessages,
  ...staffMessages,
  ...staffMoneyMessages,
  ...staffProjectMessages,
  ...refundMessages,
  ...moderationMessages,
  ...billMessages,
  ...privacyMessages,
  ...notifyMessages,
  ...statementMessages,
  ...monthlyMessages,
  ...givingDayMessages
} as const satisfies Record<string, Record<Lang, string>>

export type MessageKey = keyof typeof messages
export type MessageParams = Record<string, string | number>

/** Every server message, per language (test/unit/i18n.test.ts runs the app's key checks on it). */
export const dictionaries = definePairs<MessageKey>(messages)

export function t(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  return lookup(dictionaries, lang, key, params)
}

/** 'en', 'en_US', 'en-GB' -> 'en'; everything else (including absent) -> zh_CN. */
export function normaliseLang(value: unknown): Lang {
  return parseLang(value) ?? DEFAULT_LANG
}
