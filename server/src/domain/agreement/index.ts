/**
 * What other domains may use of agreements. The hhu tree pledge (docs/product §5 tree form: "sign the agreement
 * first") asks findSignedAgreement before it takes an order, and claims it for that order in the order's transaction
 * (claimAgreementForOrder: one agreement, one order, docs/decisions/032).
 */
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { claimForOrder, findSignedByUrl } from './repository'

export interface SignedAgreement {
  id: number
  kind: 'hhu' | 'cpu'
  itemsId: number | null
  name: string
  mobile: string
  amountFen: number
  signedUrl: string
  signedAt: string
}

/**
 * The caller's signed agreement whose signed file is `url` (the link `hhu/sign/agreement/signature` answered, as a
 * path "/files/agreements/…" or an absolute URL ending in it), or null: unsigned, another donor's, another school's,
 * or unknown. Compare name, mobile and amountFen with the order before accepting it.
 */
export async function findSignedAgreement(
  db: Kysely<DB> | Transaction<DB>,
  schoolId: number,
  userId: number,
  url: string
): Promise<SignedAgreement | null> {
  const path = filesPath(url)
  if (!path) return null
  const row = await findSignedByUrl(db, schoolId, userId, path)
  if (!row || !row.signed_at) return null
  return {
    id: Number(row.id),
    kind: row.kind,
    itemsId: row.items_id === null ? null : Number(row.items_id),
    name: row.name,
    mobile: row.mobile,
    amountFen: Number(row.amount_fen),
    signedUrl: row.signed_url,
    signedAt: row.signed_at
  }
}

/** Binds the signed agreement `agreementId` to the order `donationId` (its transaction); false: another open or paid order holds it. */
export const claimAgreementForOrder = (db: Transaction<DB>, schoolId: number, agreementId: number, donationId: number) =>
  claimForOrder(db, schoolId, agreementId, donationId)

/** "/files/agreements/…" or "https://host/files/agreements/…" -> "/files/agreements/…"; anything else -> null. */
export function filesPath(url: string): string | null {
  if (typeof url !== 'string' || url.length > 500) return null
  let p = url.trim()
  const m = /^https?:\/\/[^/]+(\/.*)$/i.exec(p)
  if (m) p = m[1]
  p = p.split(/[?#]/)[0]
  return p.startsWith('/files/agreements/') && !p.includes('..') ? p : null
}
