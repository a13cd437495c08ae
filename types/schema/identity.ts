/**
 * Donor sign-in answers (docs/product §7 Login, §4 SMS countdown and login state; docs/decisions/056-donor-contract.md):
 * each schema is the one source of its shape, the type of the same name is `Static<>` of it. Tokens are the AuthToken
 * of types/schema/entities.ts, sent back as `Authorization`. The request shapes and limits stay in types/identity.ts.
 */
import { Type, type Static } from 'typebox'
import { Flag, Num } from './common'
import { AuthToken } from './entities'

/** getSmsCode answer: seconds until another code may be asked for (the countdown) and until this one expires. */
export const SmsCodeAnswer = Type.Object({ resendAfter: Num, expiresIn: Num })
export type SmsCodeAnswer = Static<typeof SmsCodeAnswer>

export const MobileLoginAnswer = Type.Object({
  ...AuthToken.properties,
  /** 1 when this login created the account */
  isNewUser: Flag,
  /** 1 when the mobile was bound to the signed-in user by this call */
  isBind: Flag
})
export type MobileLoginAnswer = Static<typeof MobileLoginAnswer>

/** Unknown account: code 0, isRegister 0, no token (the app shows 账号不存在, docs/product §8). Wrong password: code -1. */
export const PassLoginAnswer = Type.Union([
  Type.Object({ isRegister: Type.Literal(0) }),
  Type.Object({ isRegister: Type.Literal(1), ...AuthToken.properties })
])
export type PassLoginAnswer = Static<typeof PassLoginAnswer>
