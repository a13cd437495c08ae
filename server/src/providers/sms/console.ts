/**
 * The default SMS provider: writes the code to the server log and nowhere else (no client ever sees it). The line
 * is meant to be grepped by people and by the end-to-end test:
 *   [sms] to=86-13800138000 code=123456 school=demo ttl=300s
 * It goes in the log message (`msg`), which the logger's redaction (headers, token=/code= in request URLs) does
 * not touch. A real gateway replaces this provider (app.ts `identity.sms`).
 */
import type { SmsCodeMessage, SmsProvider } from './types'

export interface LineLogger {
  info: (msg: string) => void
}

export const smsLogLine = (m: SmsCodeMessage) => `[sms] to=${m.mobile} code=${m.code} school=${m.schoolCode} ttl=${m.ttlSeconds}s`

export function createConsoleSms(log: LineLogger): SmsProvider {
  return {
    name: 'console',
    async sendCode(m) {
      log.info(smsLogLine(m))
    }
  }
}
