import { createContext, useContext } from 'react'
import type { StaffMe as Me, StaffRole } from '@contract/schema/staff-console'

export type { Me, StaffRole }

export const MeCtx = createContext<Me | null>(null)
export const useMe = () => useContext(MeCtx)!

/** admin passes every check, as on the server (domain/staff/roles.ts hasRole) */
export function allowed(me: Me, roles: StaffRole[] | 'any'): boolean {
  return roles === 'any' || me.roles.includes('admin') || roles.some((r) => me.roles.includes(r))
}

export function roleLabel(r: string, t: (zh: string, en: string) => string): string {
  return (
    (
      {
        admin: t('管理员', 'admin'),
        finance: t('财务', 'finance'),
        fulfilment: t('履约', 'fulfilment'),
        editor: t('编辑', 'editor')
      } as Record<string, string>
    )[r] ?? r
  )
}
