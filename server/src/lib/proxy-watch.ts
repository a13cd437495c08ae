/**
 * A reverse proxy that TRUST_PROXY does not name makes every visitor look like the proxy: per-address limits (orders,
 * sign-in guesses, SMS, uploads) then count the whole site as one visitor (docs/decisions/033-peak-day-order-limits.md).
 * The server cannot know that before it sees requests, so it cannot refuse to start; instead it watches them. A
 * request carrying X-Forwarded-For (or X-Real-IP, Forwarded) whose address is still the connecting one was forwarded
 * by someone the server does not believe. After SUSPECT_AFTER such requests from one connecting address this process
 * logs an error once (with what to set) and records the warning in the shared store, where the console dashboard of
 * every process reads it. While such requests go on the record is refreshed every REFRESH_MS; it lapses WARNING_TTL_MS
 * after the last, so a fixed deployment stops showing it within the hour.
 *
 * One stray request with a forged header does not raise it; a client that sends the header on purpose can, and the
 * warning then names its address, which tells the operator as much.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Static } from 'typebox'
import type { StaffDeploymentWarning } from '../../../types/schema/staff-money'
import type { SharedStore } from './shared-store'

export const PROXY_WARNING_KEY = 'deploy-warning:proxy-not-trusted'
export const SUSPECT_AFTER = 5
const REFRESH_MS = 5 * 60_000
export const WARNING_TTL_MS = 60 * 60_000
/** connecting addresses counted at once (the map starts over when full: a flood of addresses cannot grow it) */
const TRACKED_MAX = 256
const FORWARD_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded'] as const

/** what the operator must fix (the contract's StaffDeploymentWarning, types/schema/staff-money.ts) */
export type DeploymentWarning = Static<typeof StaffDeploymentWarning>

/** the forwarding header of a request whose forwarded address was not believed, else null */
export function unbelievedForward(req: FastifyRequest): string | null {
  const remote = req.raw.socket?.remoteAddress
  if (!remote || req.ip !== remote) return null
  for (const h of FORWARD_HEADERS) if (req.headers[h] !== undefined) return h
  return null
}

export function installProxyWatch(app: FastifyInstance, opts: { store: SharedStore; trustProxySet: boolean; now: () => number }) {
  if (!opts.trustProxySet) {
    app.log.info('TRUST_PROXY is unset: per-address limits count the connecting address (behind a reverse proxy, name it in TRUST_PROXY)')
  }
  const seen = new Map<string, number>()
  const recorded = new Map<string, number>()
  app.addHook('onRequest', (req, _reply, done) => {
    const header = unbelievedForward(req)
    if (header) {
      const address = req.ip
      const n = (seen.get(address) ?? 0) + 1
      if (!seen.has(address) && seen.size >= TRACKED_MAX) seen.clear()
      seen.set(address, n)
      const now = opts.now()
      const last = recorded.get(address)
      if (n >= SUSPECT_AFTER && (last === undefined || now - last >= REFRESH_MS)) {
        if (last === undefined) {
          app.log.error(
            { security: true, address, header, trustProxy: opts.trustProxySet },
            `requests arrive through a proxy at ${address} that TRUST_PROXY does not name: every visitor shares its address, ` +
              `so per-address limits (orders, sign-in guesses, SMS, uploads) count the whole site as one visitor. ` +
              `Set TRUST_PROXY to the proxy's address (docs/deployment.md)`
          )
        }
        if (recorded.size >= TRACKED_MAX) recorded.clear()
        recorded.set(address, now)
        const warning: DeploymentWarning = { kind: 'proxyNotTrusted', address, header, seenAt: new Date(now).toISOString() }
        opts.store
          .set(PROXY_WARNING_KEY, JSON.stringify(warning), WARNING_TTL_MS, now)
          .catch((err: unknown) => app.log.warn({ err }, 'could not record the proxy warning'))
      }
    }
    done()
  })
}

/** The deployment's live warnings for the console dashboard (none when nothing was seen within WARNING_TTL_MS). */
export async function deploymentWarnings(store: SharedStore, now: number): Promise<DeploymentWarning[]> {
  const raw = await store.get(PROXY_WARNING_KEY, now)
  if (!raw) return []
  try {
    const w = JSON.parse(raw) as DeploymentWarning
    return w?.kind === 'proxyNotTrusted' && typeof w.address === 'string' ? [w] : []
  } catch {
    return []
  }
}
