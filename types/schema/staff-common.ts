/**
 * Request pieces every staff route shares (docs/decisions/067-staff-requests-once.md): the path parameters of a route
 * about one row, and the paging query. `school` is the path's tenant code (/staff-api/{school}/…), read by
 * plugins/tenant.ts; it is optional here because a route may be reached through the single-school prefix as well.
 */
import { Type, type Static } from 'typebox'
import { pageProps, reqInt } from './wire-int'

/** /…/:id */
export const StaffIdParams = Type.Object({ school: Type.Optional(Type.String()), id: reqInt() })
export type StaffIdParams = Static<typeof StaffIdParams>

/** /…/:id/…/:pid (a project's progress or publicity entry) */
export const StaffPidParams = Type.Object({ school: Type.Optional(Type.String()), id: reqInt(), pid: reqInt() })
export type StaffPidParams = Static<typeof StaffPidParams>

/** ?limit&offset */
export const StaffPageQuery = Type.Object({ ...pageProps })
export type StaffPageQuery = Static<typeof StaffPageQuery>
