/**
 * The audit log of the staff API (docs/decisions/021): who changed what, when, before and after. Every
 * state-changing staff route calls recordAudit inside the transaction of its change, so a change without its row
 * cannot be committed. Secrets never reach the log: values under secret-looking keys are masked here as well, on top
 * of callers masking them ('••••' + last 4).
 */
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import * as staffRepo from './repository'

export interface AuditEntry {
  schoolId: number
  staffId: number
  /** 'project.create', 'ledger.offline.create', 'settings.update', ... */
  action: string
  entity: string
  entityId: string | number | null
  before: unknown
  after: unknown
}

const SECRET_KEY = /passw(or)?d|secret|private|token|apiv3|api_?key|mch_?key|sign_?key/i
const MASK = '••••'

/** '••••' + the last 4 characters ('' stays '': nothing set); short values are fully masked. */
export function maskSecret(v: string | null | undefined): string {
  if (!v) return ''
  return v.length > 8 ? MASK + v.slice(-4) : MASK
}

/** Deep copy with every string under a secret-looking key masked (password, secret, private…, token, API/merchant/sign keys). */
export function redact(v: unknown, key = ''): unknown {
  if (v === undefined) return null
  if (Array.isArray(v)) return v.map((x) => redact(x))
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, redact(x, k)]))
  }
  if (typeof v === 'string' && SECRET_KEY.test(key) && !v.startsWith(MASK)) return maskSecret(v)
  return v
}

export async function recordAudit(db: Kysely<DB> | Transaction<DB>, e: AuditEntry): Promise<void> {
  const who = await staffRepo.staffUsername(db, e.schoolId, e.staffId)
  if (!who) throw new Error(`recordAudit: staff ${e.staffId} is not staff of school ${e.schoolId}`)
  await staffRepo.insertAuditRow(db, {
    school_id: e.schoolId,
    staff_id: e.staffId,
    staff_name: who.username,
    action: e.action,
    entity: e.entity,
    entity_id: e.entityId === null ? '' : String(e.entityId),
    before_json: JSON.stringify(redact(e.before)),
    after_json: JSON.stringify(redact(e.after)),
    created_at: new Date().toISOString()
  })
}

export interface AuditRow {
  id: number
  /** ISO time */
  at: string
  staffId: number
  staffName: string
  action: string
  entity: string
  entityId: string
  before: unknown
  after: unknown
}

/** The school's audit log, newest first. */
export async function listAudit(db: Kysely<DB>, schoolId: number, f: staffRepo.AuditFilter): Promise<{ total: number; rows: AuditRow[] }> {
  const { total, rows } = await staffRepo.pageAudit(db, schoolId, f)
  return {
    total,
    rows: rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.created_at).toISOString(),
      staffId: Number(r.staff_id),
      staffName: r.staff_name,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      before: JSON.parse(r.before_json) as unknown,
      after: JSON.parse(r.after_json) as unknown
    }))
  }
}
