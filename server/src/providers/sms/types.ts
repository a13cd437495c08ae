/** Sending verification codes (docs/product §7 getSmsCode). One interface; the console provider is the default. */

export interface SmsCodeMessage {
  schoolCode: string
  /** "86-13800138000" */
  mobile: string
  code: string
  ttlSeconds: number
}

export interface SmsProvider {
  readonly name: string
  /** resolves once the provider accepted the message; rejects when it did not (the caller answers -1) */
  sendCode(msg: SmsCodeMessage): Promise<void>
}
