/**
 * Every string a donor sends in a JSON body to the donor API is cleaned by lib/text.ts cleanDonorText before the
 * route's schema, rules and queries see it (docs/decisions/030-counted-limits-and-donor-text.md): nicknames,
 * messages, joint-donation sponsors and slogans, nameplate texts, the donation form's names and free-text fields,
 * receipt and certificate names and addresses, agreement names, and any field added later. Secrets and tokens are
 * left byte for byte. Runs after the envelope's NUL and depth check (a root hook, so it runs first).
 */
import type { FastifyInstance } from 'fastify'
import { cleanDonorValues } from '../lib/text'

/** values compared as they were typed or issued, never shown to anyone */
export const UNCLEANED_FIELDS: ReadonlySet<string> = new Set([
  'password',
  'token',
  'payToken',
  'signature',
  'clientHash',
  // identities checked by another system's signature or code exchange
  'openId',
  'code'
])

export function installDonorText(api: FastifyInstance) {
  api.addHook('preValidation', async (req) => {
    if (req.body !== null && typeof req.body === 'object') req.body = cleanDonorValues(req.body, UNCLEANED_FIELDS)
  })
}
