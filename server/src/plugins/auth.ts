/**
 * The donor's session, from one hook (docs/decisions/014). A route says what it needs in its options:
 *   config: { session: 'required' }   the caller's live session in this school, or -997 before the handler runs;
 *                                     the handler reads `req.session`
 *   config: { session: 'optional' }   answers visitors too: `req.optionalSession` is the session or null (a missing,
 *                                     stale or foreign token is simply no session, never -997)
 *   config: { personalData: true }    (with a session) the caller must have agreed to the current privacy policy; a
 *                                     function of the request says so per request (donate: only a gift with personal data)
 *   config: { sessionUser: true }     the handler uses the caller's app_user row: `req.session.user`
 * A route with personalData or sessionUser reads the session, the app_user row and the consent in one statement
 * (docs/decisions/087-postgresql-peak-statements.md); other routes read the session alone.
 * Routes without it never look a token up. The token travels in `Authorization` (optionally "Bearer …"); calls
 * whose entry in docs/product lists a `token` parameter may pass it in the query or body instead. The hook runs as a
 * preHandler, after validation, so a malformed request is still a 400 first and a body `token` is readable.
 * Tokens are never logged (see app.ts request serializer).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { authenticateStaff, STAFF_AUTH_SCHEME } from '../domain/staff/service'
import { authenticate, authenticateWithUser } from '../domain/user/service'
import { consentFrom, requireConsented } from '../domain/privacy/service'
import { DEFAULT_POLICY_VERSION } from '../domain/privacy/default-policy'
import type { UserRow } from '../domain/user/repository'
import { tokenInvalid } from '../errors'

export type Session = NonNullable<Awaited<ReturnType<typeof authenticate>>> & {
  /** the caller's app_user row (null: none), read with the session on routes with sessionUser or personalData;
   *  undefined on other routes */
  user?: UserRow | null
}
export type SessionMode = 'required' | 'optional'
export type StaffSession = NonNullable<Awaited<ReturnType<typeof authenticateStaff>>>

declare module 'fastify' {
  interface FastifyContextConfig {
    /** plugins/auth.ts: 'required' sets req.session (or answers -997), 'optional' sets req.optionalSession */
    session?: SessionMode
    /** the route collects personal data: the caller must have agreed to the current privacy policy (decision 041);
     *  a function: whether this request does (read after validation, so the body is the validated one) */
    personalData?: true | ((req: FastifyRequest) => boolean)
    /** the handler uses the caller's app_user row: read with the session, as `req.session.user` */
    sessionUser?: true
  }
  interface FastifyRequest {
    /** the caller's session on a route with `config: { session: 'required' }` (reading it elsewhere is a bug: 500) */
    readonly session: Session
    /** the caller's session or null on a route with `config.session` 'optional' (or 'required') */
    readonly optionalSession: Session | null
    /** the member of staff calling, on the staff API's signed-in scope (installStaffSession) */
    readonly staff: StaffSession
  }
}

/** Route options of a call that needs the caller's session (-997 without one). */
export const signedIn = { session: 'required' } as const
/** Route options of a call that answers visitors and signed-in donors differently. */
export const maybeSignedIn = { session: 'optional' } as const
/** Route options of a form that collects personal data: signed in and agreed to the current privacy policy, else -1
 *  carrying `{privacyConsentRequired: version}` (docs/decisions/041-privacy-and-account-deletion.md). */
export const signedInWithConsent = { session: 'required', personalData: true } as const

export function tokenFrom(req: FastifyRequest): string {
  const h = req.headers.authorization
  if (typeof h === 'string' && h.trim()) return h.trim().replace(/^Bearer\s+/i, '')
  const q = (req.query as Record<string, unknown> | undefined)?.token
  if (typeof q === 'string' && q) return q
  const b = (req.body as Record<string, unknown> | undefined)?.token
  return typeof b === 'string' ? b : ''
}

// Kept beside the request rather than on it: a route that did not ask for a session has no entry, so reading
// req.session there fails loudly instead of answering as nobody.
const sessions = new WeakMap<FastifyRequest, Session | null>()

function lookedUp(req: FastifyRequest): Session | null {
  if (!sessions.has(req)) {
    throw new Error(`${req.method} ${req.routeOptions.url}: reads the session without config.session (plugins/auth.ts)`)
  }
  return sessions.get(req) ?? null
}

/** Installs the session hook on a scope whose routes carry `config.session` (the /api/{school} scope, after the tenant). */
export function installSession(api: FastifyInstance) {
  api.decorateRequest('session', {
    getter(this: FastifyRequest) {
      const s = lookedUp(this)
      if (!s) throw new Error(`${this.method} ${this.routeOptions.url}: reads req.session on an optional-session route`)
      return s
    }
  })
  api.decorateRequest('optionalSession', {
    getter(this: FastifyRequest) {
      return lookedUp(this)
    }
  })
  api.addHook('preHandler', async (req) => {
    const mode = req.routeOptions.config.session
    if (!mode) return
    const { personalData, sessionUser } = req.routeOptions.config
    const consent = typeof personalData === 'function' ? personalData(req) : !!personalData
    const token = tokenFrom(req)
    if (!consent && !sessionUser) {
      const session = token ? await authenticate(req.server.db, req.school.id, token) : null
      if (!session && mode === 'required') throw tokenInvalid()
      sessions.set(req, session)
      return
    }
    // one statement: the session, its app_user row and, for personal data, the policy version and the consent to it
    const found = token
      ? await authenticateWithUser(req.server.db, req.school.id, token, consent ? DEFAULT_POLICY_VERSION : undefined)
      : null
    if (!found && mode === 'required') throw tokenInvalid()
    sessions.set(req, found ? { ...found.session, user: found.user } : null)
    if (found && consent) requireConsented(consentFrom(found.consent?.version, found.consent?.consentedAt))
  })
}

/** `Authorization: Staff <token>`; anything else (a donor token, a bare token) is no staff token at all. */
export function staffToken(req: FastifyRequest): string {
  const h = req.headers.authorization
  if (typeof h !== 'string') return ''
  const m = new RegExp(`^${STAFF_AUTH_SCHEME}\\s+(\\S+)$`).exec(h.trim())
  return m ? m[1] : ''
}

/**
 * Every route of this scope needs a member of staff of this school (routes/staff registers everything but /login
 * in it): `req.staff`, or -997 before the handler runs. A preHandler like the donor hook: validation first.
 */
export function installStaffSession(scope: FastifyInstance) {
  const staff = new WeakMap<FastifyRequest, StaffSession>()
  scope.decorateRequest('staff', {
    getter(this: FastifyRequest) {
      const s = staff.get(this)
      if (!s) throw new Error(`${this.method} ${this.routeOptions.url}: reads req.staff outside the staff session scope`)
      return s
    }
  })
  scope.addHook('preHandler', async (req) => {
    const s = await authenticateStaff(req.server.db, req.school.id, staffToken(req), req.server.identity.now())
    if (!s) throw tokenInvalid()
    staff.set(req, s)
  })
}
