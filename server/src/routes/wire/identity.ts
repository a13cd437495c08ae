/** Answer schemas of types/identity.ts and types/config.ts (sign-in, runtime configuration). */
import { Type } from 'typebox'
import type * as W from '../../../../types'
import { wireSchema } from '../../lib/schemas'
import { Flag, Num, Str } from './common'
import { NoticeTemplates } from './notice'

export const SmsCodeAnswer = wireSchema<W.SmsCodeAnswer>()(Type.Object({ resendAfter: Num, expiresIn: Num }))
export const MobileLoginAnswer = wireSchema<W.MobileLoginAnswer>()(
  Type.Object({ token: Str, expiresAt: Str, isNewUser: Flag, isBind: Flag })
)
export const PassLoginAnswer = wireSchema<W.PassLoginAnswer>()(
  Type.Union([Type.Object({ isRegister: Type.Literal(0) }), Type.Object({ isRegister: Type.Literal(1), token: Str, expiresAt: Str })])
)

/** GET /config/index.json and /config/{school}/index.json: raw JSON, no envelope. */
export const RootConfig = wireSchema<W.RootConfig>()(Type.Object({ school: Str }))
export const SchoolConfig = wireSchema<W.SchoolConfig>()(
  Type.Object({ api: Str, moduleName: Str, theme: Str, themeColor: Str, signKey: Str, noticeTemplates: Type.Optional(NoticeTemplates) })
)
