/**
 * The campus card around the payment provider (docs/product §4 pay type 9, §7 getCardBlance), the rules of decision 011:
 *
 * - **Whose balance.** getCardBlance names only a card number. Answering for any number showed any student's balance
 *   and, by the difference between "no such card" and a balance, which numbers exist. A balance is now shown only
 *   for a card the signed-in donor has proved with its password: a paid campus-card gift, or a balance asked once
 *   with the password (POST, never in a URL). Every other number gets one and the same answer, whether it exists or
 *   not, without the card system being asked.
 * - **Password guesses.** The initial password is six digits of the holder's ID number (docs/product §5), so guessing is
 *   cheap. Each card allows CARD_GUESS_LIMIT password checks in CARD_GUESS_WINDOW_MS, counted in the database (one
 *   limit across processes and restarts) per school and card number whether the card exists or not (no oracle).
 *   A slot is taken before the card system is asked, by a conditional UPDATE, so concurrent guesses cannot slip past
 *   the limit; a check that did not fail on the password gives its slot back.
 */
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { campusCardError, getCardBalance } from '../../providers/campus-card/service'
import { isConfigError, type PaymentRegistry } from '../../providers/payment/registry'
import { ProviderError } from '../../providers/payment/types'

type Db = Kysely<DB> | Transaction<DB>

export const CARD_GUESS_LIMIT = 5
export const CARD_GUESS_WINDOW_MS = 30 * 60_000

/** Card numbers as the card system sees them: trimmed, at most 64 characters (the column). */
export const cardKey = (stuWorkNo: string) => stuWorkNo.trim().slice(0, 64)

/**
 * Takes one password check for the card; false when its window is used up. The three statements are each atomic:
 * create the row, restart a window that has run out, then take a slot only while one is left.
 */
export async function takeCardGuess(db: Db, schoolId: number, stuWorkNo: string, now: Date): Promise<boolean> {
  const key = cardKey(stuWorkNo)
  const iso = now.toISOString()
  await db
    .insertInto('campus_card_guess')
    .values({ school_id: schoolId, stu_work_no: key, failures: 0, window_started_at: iso })
    .onConflict((oc) => oc.columns(['school_id', 'stu_work_no']).doNothing())
    .execute()
  await db
    .updateTable('campus_card_guess')
    .set({ failures: 0, window_started_at: iso })
    .where('school_id', '=', schoolId)
    .where('stu_work_no', '=', key)
    .where('window_started_at', '<=', new Date(now.getTime() - CARD_GUESS_WINDOW_MS).toISOString())
    .execute()
  const r = await db
    .updateTable('campus_card_guess')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('school_id', '=', schoolId)
    .where('stu_work_no', '=', key)
    .where('failures', '<', CARD_GUESS_LIMIT)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** Gives back a slot taken by takeCardGuess (the check did not fail on the password). */
export async function returnCardGuess(db: Db, schoolId: number, stuWorkNo: string): Promise<void> {
  await db
    .updateTable('campus_card_guess')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('school_id', '=', schoolId)
    .where('stu_work_no', '=', cardKey(stuWorkNo))
    .where('failures', '>', 0)
    .execute()
}

/** A wrong card number or password: the one answer the card system gives for both (providers/campus-card). */
export const isWrongPassword = (err: unknown) => err instanceof ProviderError && err.message === 'campusCardAuthFailed'

/**
 * Runs one password check of the card under the guess limit: refused with cardGuessesExceeded (nothing asked) when
 * the window is used up; the slot is kept only when `check` fails on the password.
 */
export async function withCardGuess<T>(
  db: Kysely<DB>,
  schoolId: number,
  stuWorkNo: string,
  now: Date,
  check: () => Promise<T>
): Promise<T> {
  if (!(await takeCardGuess(db, schoolId, stuWorkNo, now))) {
    throw bizError('cardGuessesExceeded', { minutes: Math.round(CARD_GUESS_WINDOW_MS / 60_000) })
  }
  let wrong = false
  try {
    return await check()
  } catch (err) {
    wrong = isWrongPassword(err)
    throw err
  } finally {
    if (!wrong) await returnCardGuess(db, schoolId, stuWorkNo)
  }
}

/** Records that this donor proved the card's password (idempotent). */
export async function bindCard(db: Db, schoolId: number, userId: number, stuWorkNo: string, now: Date): Promise<void> {
  await db
    .insertInto('campus_card_binding')
    .values({ school_id: schoolId, user_id: userId, stu_work_no: cardKey(stuWorkNo), verified_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['school_id', 'user_id', 'stu_work_no']).doNothing())
    .execute()
}

export async function isCardBound(db: Db, schoolId: number, userId: number, stuWorkNo: string): Promise<boolean> {
  const row = await db
    .selectFrom('campus_card_binding')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('stu_work_no', '=', cardKey(stuWorkNo))
    .executeTakeFirst()
  return !!row
}

/**
 * getCardBlance: the balance in fen of a card, for the signed-in donor. Without a password only for a card this donor
 * has proved (one answer, cardNotVerified, for unknown, someone else's and unproved cards alike: nothing is asked of
 * the card system); with the password, one guarded password check that proves the card for next time. Card-system
 * refusals are ProviderErrors with a campus-card message key (the route words them).
 */
export async function cardBalance(
  deps: { db: Kysely<DB>; payments: PaymentRegistry; now: () => Date },
  schoolId: number,
  userId: number,
  stuWorkNo: string,
  password?: string
): Promise<number> {
  let provider: string
  try {
    provider = (await deps.payments.forPayType(schoolId, 9)).name
  } catch (err) {
    if (!isConfigError(err)) throw err
    throw bizError('paymentNotConfigured')
  }
  if (provider !== 'campus') throw bizError('paymentNotConfigured')
  const no = cardKey(stuWorkNo)
  if (!no) throw campusCardError('campusCardRequired')
  if (password === undefined) {
    if (!(await isCardBound(deps.db, schoolId, userId, no))) throw bizError('cardNotVerified')
    return getCardBalance(schoolId, no)
  }
  if (!password) throw campusCardError('campusCardRequired')
  const fen = await withCardGuess(deps.db, schoolId, no, deps.now(), () => getCardBalance(schoolId, no, password))
  await bindCard(deps.db, schoolId, userId, no, deps.now())
  return fen
}
