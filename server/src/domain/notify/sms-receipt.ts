/**
 * SMS receipts (receipt way 4; docs/decisions/050-yearly-statement.md, building on 044): when staff attach the file,
 * the donor gets a text through the school's Tencent Cloud SMS receipt template with a short link
 * PUBLIC_BASE_URL/r/<code>. The link only opens the receipt page of the app (routes/web/receipt-link.ts): the page
 * signs the donor in and the server shows the receipt to its owner only, so the code alone never reveals the file.
 * Once sent, the receipt moves to 7 by itself, as an e-mail receipt does (send.ts receiptSent).
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { receiptSmsFor } from '../channel/sms'
import type { NotifyRuntime } from './send'

const ALPHABET = '23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ'

/** 10 characters of a 57-letter alphabet (about 58 bits): not guessable, short enough for a text */
function newCode(): string {
  const bytes = randomBytes(10)
  return [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('')
}

/** The receipt's short link code, made once and kept (a file replaced later keeps the same link). */
export async function receiptLinkCode(db: Kysely<DB>, schoolId: number, receiptId: number, now: Date): Promise<string> {
  const had = await db
    .selectFrom('receipt_link')
    .select('code')
    .where('school_id', '=', schoolId)
    .where('receipt_id', '=', receiptId)
    .executeTakeFirst()
  if (had) return had.code
  const code = newCode()
  await db
    .insertInto('receipt_link')
    .values({ code, school_id: schoolId, receipt_id: receiptId, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['school_id', 'receipt_id']).doNothing())
    .execute()
  const row = await db
    .selectFrom('receipt_link')
    .select('code')
    .where('school_id', '=', schoolId)
    .where('receipt_id', '=', receiptId)
    .executeTakeFirstOrThrow()
  return row.code
}

/** Why this school cannot send SMS receipts (no gateway, no template, credentials missing), or null when it can. */
export async function receiptSmsUnavailable(rt: NotifyRuntime, schoolId: number): Promise<string | null> {
  if (!rt.sms) return 'SMS is not available to the notification service'
  const sender = await receiptSmsFor({ db: rt.db, env: rt.sms.env, outbound: rt.sms.outbound, fetch: rt.sms.fetch }, schoolId)
  return 'reason' in sender ? sender.reason : null
}

/** "86-13800138000" | "13800138000" -> "86-13800138000" (a bare mainland number gets its country code) */
const withCountry = (mobile: string) => (mobile.includes('-') ? mobile : `86-${mobile}`)

/**
 * Sends the SMS of receipt `receiptId` to `mobile`. Throws when the school cannot send SMS receipts (no gateway or
 * no template) or Tencent refuses: the job worker retries, and staff see the error in the failed sends.
 */
export async function sendReceiptSms(
  rt: NotifyRuntime,
  n: { school_id: number },
  r: { id: number; mobile: string; projectName: string }
): Promise<void> {
  if (!rt.sms) throw new Error('SMS is not available to the notification service')
  const sender = await receiptSmsFor({ db: rt.db, env: rt.sms.env, outbound: rt.sms.outbound, fetch: rt.sms.fetch }, n.school_id)
  if ('reason' in sender) throw new Error(`SMS receipt not sent: ${sender.reason}`)
  const code = await receiptLinkCode(rt.db, n.school_id, r.id, rt.now())
  // Tencent template variables are at most 12 characters on some templates: the project name is cut, the link is not
  await sender.send(withCountry(r.mobile), [r.projectName.slice(0, 12), `${rt.publicBaseUrl}/r/${code}`])
}
