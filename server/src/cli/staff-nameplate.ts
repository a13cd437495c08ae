/**
 * `staff.ts nameplate …`: nameplate review from the command line, the same functions as the staff API
 * (domain/naming/review.ts). Donor text goes through terminalSafe() like every other line the staff tool prints.
 *
 *   nameplate [list] [--status pending|all|1|2|3] [--limit N] [--json]
 *   nameplate show --id N
 *   nameplate approve --id N --staff li
 *   nameplate return --id N --reason '请勿使用繁体字' --staff li
 */
import type { Kysely } from 'kysely'
import type { StaffNameplate } from '../../../types'
import type { DB } from '../db/schema'
import { listNameplates, nameplateDetail, reviewNameplate, type ReviewFilter } from '../domain/naming/review'
import { safeJson, terminalSafe } from './common'

export const NAMEPLATE_USAGE =
  'usage: staff.ts nameplate [list|show|approve|return] [--status pending|all|1|2|3] [--id N] [--reason text] [--staff name] [--json]'
const STATUS_WORD: Record<number, string> = { 1: 'pending', 2: 'approved', 3: 'returned' }

function line(n: StaffNameplate): string {
  const f = (x: unknown) => terminalSafe(String(x ?? ''))
  const plates = n.nameplateList.map((p) => `${f(p.donorName)}|${f(p.donorIdentity)}|${f(p.donationMessage)}`).join(' ; ')
  return (
    `  #${n.namingId}\t${STATUS_WORD[n.nameplateStatus]}\t${f(n.itemsName)}\t${f(n.objectName)}${n.quantity > 1 ? ` ×${n.quantity}` : ''}\t${plates}` +
    `${n.reviewReason ? `\treturned: ${f(n.reviewReason)}` : ''}\t${f(n.billNo)}`
  )
}

export interface NameplateCliArgs {
  sub: string | undefined
  status?: string
  id?: string
  reason?: string
  limit?: string
  json?: boolean
}

export async function nameplateCommand(
  db: Kysely<DB>,
  schoolId: number,
  a: NameplateCliArgs,
  out: (line: string) => void,
  staffId: () => Promise<number>
): Promise<void> {
  const id = () => {
    const n = Number(a.id)
    if (!a.id || !Number.isSafeInteger(n) || n < 1) throw new Error('--id must be a nameplate id (see nameplate list)')
    return n
  }
  switch (a.sub ?? 'list') {
    case 'list': {
      const st = a.status ?? 'pending'
      if (!/^(pending|all|[1-3])$/.test(st)) throw new Error('--status must be pending, all, 1, 2 or 3')
      const status: ReviewFilter = st === 'pending' || st === 'all' ? st : (Number(st) as 1 | 2 | 3)
      const limit = a.limit ? Number(a.limit) : 200
      const r = await listNameplates(db, schoolId, { status, limit: Number.isSafeInteger(limit) && limit > 0 ? limit : 200 })
      if (a.json) {
        out(JSON.stringify(safeJson(r), null, 2))
        return
      }
      out(`nameplates (${st}): ${r.total}`)
      for (const n of r.rows) out(line(n))
      return
    }
    case 'show':
      out(JSON.stringify(safeJson(await nameplateDetail(db, schoolId, id())), null, 2))
      return
    case 'approve':
    case 'return': {
      const n = id()
      const r = await reviewNameplate(db, {
        schoolId,
        id: n,
        staffId: await staffId(),
        action: a.sub === 'approve' ? 'approve' : 'return',
        reason: a.reason
      })
      out(`nameplate #${n}: ${STATUS_WORD[r.from]} -> ${STATUS_WORD[r.to]}`)
      return
    }
    default:
      throw new Error(NAMEPLATE_USAGE)
  }
}
