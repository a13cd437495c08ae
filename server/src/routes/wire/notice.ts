/** Wire schemas of the notification choices (types/center.ts NoticePreferences). */
import { Type } from 'typebox'
import type * as W from '../../../../types'
import { NOTICE_CHANNELS, NOTICE_FACTS, NOTICE_KINDS, PLATFORM_NOTICE_CHANNELS } from '../../../../types'
import { strEnum, wireSchema } from '../../lib/schemas'
import { Bool, Str } from './common'

export const NoticePreferences = wireSchema<W.NoticePreferences>()(
  Type.Object({
    email: Str,
    lang: strEnum(['zh_CN', 'en'] as const),
    choices: Type.Array(Type.Object({ kind: strEnum(NOTICE_KINDS), channel: strEnum(NOTICE_CHANNELS), enabled: Bool }))
  })
)

const KindIds = Type.Partial(Type.Object(Object.fromEntries(NOTICE_KINDS.map((k) => [k, Str])) as Record<W.NoticeKind, typeof Str>))
/** SchoolConfig.noticeTemplates (docs/decisions/049-subscribe-messages.md) */
export const NoticeTemplates = wireSchema<W.NoticeTemplates>()(Type.Object({ wechat: KindIds, alipay: KindIds }))
export const NoticeSubscribeAnswer = wireSchema<W.NoticeSubscribeAnswer>()(Type.Object({ granted: Type.Integer() }))
export const NoticeTemplateSettings = wireSchema<W.NoticeTemplateSetting[]>()(
  Type.Array(
    Type.Object({
      channel: strEnum(PLATFORM_NOTICE_CHANNELS),
      kind: strEnum(NOTICE_KINDS),
      templateId: Str,
      fields: Type.Record(Type.String(), strEnum(NOTICE_FACTS))
    })
  )
)
