/**
 * Staff roles (docs/decisions/021). A member of staff holds one or more; `admin` passes every role check.
 * Stored comma-separated in staff.roles (migration 018); parsed here and nowhere else.
 */
import type { Lang } from '../../../../types'
import { STAFF_ROLES, type StaffRole } from '../../../../types/schema/staff-console'

export { STAFF_ROLES, type StaffRole }

/** What a member of staff created without roles gets: the only job staff had before the console. */
export const DEFAULT_STAFF_ROLES: StaffRole[] = ['fulfilment']

export const ROLE_LABELS: Record<StaffRole, Record<Lang, string>> = {
  admin: { zh_CN: '管理员', en: 'admin' },
  finance: { zh_CN: '财务', en: 'finance' },
  fulfilment: { zh_CN: '履约', en: 'fulfilment' },
  editor: { zh_CN: '编辑', en: 'editor' }
}

export const isStaffRole = (v: string): v is StaffRole => (STAFF_ROLES as readonly string[]).includes(v)

/** staff.roles -> the known roles, in canonical order, without duplicates (an unknown word grants nothing). */
export function parseRoles(stored: string | null | undefined): StaffRole[] {
  const words = new Set((stored ?? '').split(',').map((w) => w.trim().toLowerCase()))
  return STAFF_ROLES.filter((r) => words.has(r))
}

/** Roles -> staff.roles. Throws on an unknown role or an empty list: a member of staff always holds one. */
export function formatRoles(roles: readonly string[]): string {
  const bad = roles.filter((r) => !isStaffRole(r))
  if (bad.length) throw new Error(`unknown role: ${bad.join(', ')} (known: ${STAFF_ROLES.join(', ')})`)
  const out = STAFF_ROLES.filter((r) => roles.includes(r))
  if (!out.length) throw new Error('at least one role')
  return out.join(',')
}

/** True when `held` passes a check that accepts any of `needed` (admin passes every check). */
export function hasRole(held: readonly StaffRole[], needed: readonly StaffRole[]): boolean {
  return held.includes('admin') || needed.some((r) => held.includes(r))
}

/** '财务、编辑' / 'finance or editor': the roles a refused caller would need, in the request's language. */
export function roleList(roles: readonly StaffRole[], lang: Lang): string {
  return roles.map((r) => ROLE_LABELS[r][lang]).join(lang === 'en' ? ' or ' : '、')
}
