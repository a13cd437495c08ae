/**
 * The audit log of the staff API (docs/decisions/021): who changed what, when, before and after. Every
 * state-changing staff route calls recordAudit inside the transaction of its change, so a change without its row
 * cannot be committed. Secrets never reach the log: values under secret-looking keys are masked here as well, on top
 * of callers masking them ('••••' + last 4).
 */
import type { Kysely, Transaction } from 'kysely'
import { PAGE_SIZE } from '../../../../types'
import type { DB } from '../../db/schema'

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
  const who = await db
    .selectFrom('staff')
    .select('username')
    .where('id', '=', e.staffId)
    .where('school_id', '=', e.schoolId)
    .executeTakeFirst()
  if (!who) throw new Error(`recordAudit: staff ${e.staffId} is not staff of school ${e.schoolId}`)
  await db
    .insertInto('audit_log')
    .values({
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
    .execute()
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
export async function listAudit(
  db: Kysely<DB>,
  schoolId: number,
  f: { entity?: string; entityId?: string; staffId?: number; action?: string; limit?: number; offset?: number }
): Promise<{ total: number; rows: AuditRow[] }> {
  let q = db.selectFrom('audit_log').where('school_id', '=', schoolId)
  if (f.entity) q = q.where('entity', '=', f.entity)
  if (f.entityId) q = q.where('entity_id', '=', f.entityId)
  if (f.staffId) q = q.where('staff_id', '=', f.staffId)
  if (f.action) q = q.where('action', '=', f.action)
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(Math.min(f.limit ?? 50, PAGE_SIZE.MAX))
      .offset(f.offset ?? 0)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  ])
  return {
    total: Number(total.n),
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
