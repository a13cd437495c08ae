/**
 * Token lookup for routes that need a user. The token travels in `Authorization` (optionally "Bearer …");
 * calls whose SPEC entry lists a `token` parameter may pass it in the query or body instead.
 * Tokens are never logged (see app.ts request serializer).
 */
import type { FastifyRequest } from 'fastify'
import { authenticate } from '../domain/user/service'
import { tokenInvalid } from '../errors'

export function tokenFrom(req: FastifyRequest): string {
  const h = req.headers.authorization
  if (typeof h === 'string' && h.trim()) return h.trim().replace(/^Bearer\s+/i, '')
  const q = (req.query as Record<string, unknown> | undefined)?.token
  if (typeof q === 'string' && q) return q
  const b = (req.body as Record<string, unknown> | undefined)?.token
  return typeof b === 'string' ? b : ''
}

/** The caller's live session in this school, or -997. */
export async function requireSession(req: FastifyRequest) {
  const session = await authenticate(req.server.db, req.school.id, tokenFrom(req))
  if (!session) throw tokenInvalid()
  return session
}
