/**
 * The notification answers (docs/decisions/044-notifications.md, 049-subscribe-messages.md,
 * 056-donor-contract.md): each schema is the one source of its shape, the type of the same name is `Static<>` of it.
 * The lists of kinds, channels and facts are in types/notice-kinds.ts, TypeBox-free.
 */
import { Type, type Static } from 'typebox'
import { NOTICE_CHANNELS, NOTICE_FACTS, NOTICE_KINDS, PLATFORM_NOTICE_CHANNELS, type NoticeKind } from '../notice-kinds'
import { Bool, Str, strEnum } from './common'
import { body, optNullableString } from './wire-int'

/** notice/preferences (GET) and the answer of notice/preferences/save (POST, with the same shape as its body). */
export const NoticePreferences = Type.Object({
  /** the address news goes to ('' = none given); an e-mail receipt goes to the address of its application */
  email: Str,
  /** the language of the news */
  lang: strEnum(['zh_CN', 'en'] as const),
  choices: Type.Array(Type.Object({ kind: strEnum(NOTICE_KINDS), channel: strEnum(NOTICE_CHANNELS), enabled: Bool }))
})
export type NoticePreferences = Static<typeof NoticePreferences>

const KindIds = Type.Partial(Type.Object(Object.fromEntries(NOTICE_KINDS.map((k) => [k, Str])) as Record<NoticeKind, typeof Str>))
/** The template ids the app asks the donor to subscribe to, per channel and kind (SchoolConfig.noticeTemplates). */
export const NoticeTemplates = Type.Object({ wechat: KindIds, alipay: KindIds })
export type NoticeTemplates = Static<typeof NoticeTemplates>

/** notice/subscribe answer: the grants recorded (accepted ids of the school's templates). */
export const NoticeSubscribeAnswer = Type.Object({ granted: Type.Integer() })
export type NoticeSubscribeAnswer = Static<typeof NoticeSubscribeAnswer>

/** One template of a school (staff console, settings): the platform's template id and field key -> fact. */
export const NoticeTemplateSetting = Type.Object({
  channel: strEnum(PLATFORM_NOTICE_CHANNELS),
  kind: strEnum(NOTICE_KINDS),
  templateId: Str,
  fields: Type.Record(Type.String(), strEnum(NOTICE_FACTS))
})
export type NoticeTemplateSetting = Static<typeof NoticeTemplateSetting>
export const NoticeTemplateSettings = Type.Array(NoticeTemplateSetting)

// ---------------------------------------------------------------- requests (docs/decisions/066-donor-requests.md)

/** POST notice/preferences: the e-mail address (null clears it), the language of the mails and the choices to change. */
export const NoticePreferencesBody = body({
  email: optNullableString(200),
  lang: optNullableString(16),
  choices: Type.Optional(
    Type.Array(Type.Object({ kind: strEnum(NOTICE_KINDS), channel: strEnum(NOTICE_CHANNELS), enabled: Bool }), { maxItems: 64 })
  )
})
export type NoticePreferencesBody = Static<typeof NoticePreferencesBody>

/**
 * notice/subscribe (POST): what the donor answered in the platform's subscribe dialog
 * (wx.requestSubscribeMessage / my.requestSubscribeMessage). Each accepted template id allows one message.
 */
export const NoticeSubscribeBody = body({
  channel: strEnum(PLATFORM_NOTICE_CHANNELS),
  results: Type.Array(Type.Object({ templateId: Type.String({ minLength: 1, maxLength: 128 }), accepted: Bool }), { maxItems: 10 })
})
export type NoticeSubscribeBody = Static<typeof NoticeSubscribeBody>
