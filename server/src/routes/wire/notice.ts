/** Wire schemas of the notification choices (types/center.ts NoticePreferences). */
import { Type } from 'typebox'
import type * as W from '../../../../types'
import { NOTICE_CHANNELS, NOTICE_KINDS } from '../../../../types'
import { strEnum, wireSchema } from '../../lib/schemas'
import { Bool, Str } from './common'

export const NoticePreferences = wireSchema<W.NoticePreferences>()(
  Type.Object({
    email: Str,
    lang: strEnum(['zh_CN', 'en'] as const),
    choices: Type.Array(Type.Object({ kind: strEnum(NOTICE_KINDS), channel: strEnum(NOTICE_CHANNELS), enabled: Bool }))
  })
)
