/**
 * Staff API test helpers: a signed-in member of staff with given roles, and a call to /staff-api/{school}.
 * Any staff test may import these. Each staffToken() call creates (or re-roles) its own account through the same
 * createStaff the CLI uses and signs in through POST /login, so the token is a real session.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { createStaff } from '../src/domain/staff/service'
import type { StaffRole } from '../src/domain/staff/roles'
import { schoolIdOf } from './order-fixtures'

export const STAFF_TEST_PASSWORD = 'staff-test-password-1'

export interface StaffLogin {
  token: string
  staffId: number
  username: string
}

/**
 * Creates a member of staff of `school` holding `roles` and signs in: the token for `Authorization: Staff <token>`.
 * `username` defaults to a fresh random name (so the guess limit of one name is never reached).
 */
export async function staffLogin(app: FastifyInstance, school: string, roles: StaffRole[], username?: string): Promise<StaffLogin> {
  const name = username ?? `t_${roles.join('_') || 'none'}_${randomBytes(4).toString('hex')}`
  const sid = await schoolIdOf(app, school)
  const { id } = await createStaff(app.db, sid, { username: name, password: STAFF_TEST_PASSWORD, roles })
  const res = await app.inject({
    method: 'POST',
    url: `/staff-api/${school}/login`,
    payload: { username: name, password: STAFF_TEST_PASSWORD }
  })
  const body = res.json() as { code: number; message: string; data: { token: string } }
  if (body.code !== 0) throw new Error(`staff login ${name}@${school}: ${body.message}`)
  return { token: body.data.token, staffId: id, username: name }
}

/** Just the token of staffLogin(). */
export async function staffToken(app: FastifyInstance, school: string, roles: StaffRole[]): Promise<string> {
  return (await staffLogin(app, school, roles)).token
}

export interface StaffAnswer<T = any> {
  status: number
  body: { code: number; message: string; data: T }
}

/** One call to /staff-api/{school}{url}; token null = no Authorization header. JSON body when given. */
export async function staffCall<T = any>(
  app: FastifyInstance,
  school: string,
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string | null; body?: unknown; lang?: 'en' } = {}
): Promise<StaffAnswer<T>> {
  const headers: Record<string, string> = {}
  if (opts.token) headers.authorization = `Staff ${opts.token}`
  if (opts.lang) headers.lang = opts.lang
  const res = await app.inject({
    method,
    url: `/staff-api/${school}${url}`,
    headers,
    ...(opts.body !== undefined ? { payload: opts.body as object } : {})
  })
  return { status: res.statusCode, body: res.json() as StaffAnswer<T>['body'] }
}
