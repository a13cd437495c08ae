/**
 * What one donor and one address may ask of agreement generation (docs/decisions/030-counted-limits-and-donor-text.md):
 * every generation renders a PDF and its page images (about 150 ms of this process's CPU) and stores about 420 KB.
 *
 * - Rate, counted in the shared store (every process counts against the same windows): per donor
 *   AGREEMENT_RATE_PER_USER in 10 minutes (default 6) and AGREEMENT_DAILY_PER_USER in 24 hours (20); per client
 *   address AGREEMENT_RATE_PER_IP in 10 minutes (100: sized for many donors behind one campus or carrier address;
 *   the per-donor windows carry the protection). A refused attempt counts too, like every window limiter here.
 * - Disk: below MIN_FREE_DISK_MB of free space (the uploads' floor, domain/upload/policy.ts) generation stops while
 *   donations go on.
 * - CPU: at most AGREEMENT_RENDER_CONCURRENCY renders at once in this process (default 2), the job worker's included.
 *   A render runs on the request path only when a slot is free at once; when every slot is taken, a client that can
 *   poll (the generation body's `canPoll`) gets the agreement recorded as `rendering` and its render handed to the
 *   job worker (`agreement-render`, docs/decisions/039-agreement-rendering-jobs.md), which waits in line for a slot of
 *   its own process. A client that cannot poll (an app from before decision 039) waits on the request path as it
 *   always did, with at most AGREEMENT_RENDER_QUEUE more waiting (16); beyond that it is asked to try again in a
 *   moment. The rate windows count each agreement once, when it is asked for; the worker's render is not counted
 *   again, and a render retried after a failure (retryAgreement) is not counted either.
 */
import { bizError } from '../../errors'
import type { SharedStore } from '../../lib/shared-store'
import type { FileStorage } from '../../providers/storage/types'
import { takeEach, WindowLimiter } from '../order/rate-limit'

export interface AgreementLimits {
  perUser: number
  perUserDaily: number
  perIp: number
  windowMs: number
  renderConcurrency: number
  renderQueue: number
}

export const DEFAULT_AGREEMENT_LIMITS: AgreementLimits = {
  perUser: 6,
  perUserDaily: 20,
  perIp: 100,
  windowMs: 10 * 60_000,
  renderConcurrency: 2,
  renderQueue: 16
}

const DAY_MS = 24 * 3600_000

/** The limits from the environment; unset, empty or invalid values keep the default. */
export function agreementLimitsFromEnv(env: NodeJS.ProcessEnv): AgreementLimits {
  const num = (name: string, fallback: number, min = 0) => {
    const raw = env[name]
    const v = Number(raw)
    return raw !== undefined && raw !== '' && Number.isInteger(v) && v >= min ? v : fallback
  }
  const d = DEFAULT_AGREEMENT_LIMITS
  return {
    ...d,
    perUser: num('AGREEMENT_RATE_PER_USER', d.perUser),
    perUserDaily: num('AGREEMENT_DAILY_PER_USER', d.perUserDaily),
    perIp: num('AGREEMENT_RATE_PER_IP', d.perIp),
    renderConcurrency: num('AGREEMENT_RENDER_CONCURRENCY', d.renderConcurrency, 1),
    renderQueue: num('AGREEMENT_RENDER_QUEUE', d.renderQueue)
  }
}

/** Runs at most `max` tasks at once; at most `queue` more wait, first come first served; beyond that: null. */
export class RenderSlots {
  private running = 0
  private readonly waiting: (() => void)[] = []
  constructor(
    readonly max: number,
    readonly queue: number
  ) {}

  get busy() {
    return { running: this.running, waiting: this.waiting.length }
  }

  /** a slot can be had without waiting */
  get free(): boolean {
    return this.running < this.max
  }

  /**
   * `wait`: 'bounded' waits in line while fewer than `queue` wait (else null); 'never' answers null unless a slot is
   * free now; 'always' waits however long the line (the job worker: one render at a time per worker, so it cannot
   * grow the line without bound).
   */
  async run<T>(task: () => Promise<T>, wait: 'bounded' | 'never' | 'always' = 'bounded'): Promise<T | null> {
    if (this.running >= this.max) {
      if (wait === 'never' || (wait === 'bounded' && this.waiting.length >= this.queue)) return null
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else this.running++
    try {
      return await task()
    } finally {
      // hand the slot straight to the next in line (running stays the same), or free it
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** agreement generation's rate windows, disk floor and render slots (app.ts) */
    agreementGate: AgreementGate
  }
}

export class AgreementGate {
  private readonly users: WindowLimiter
  private readonly usersDaily: WindowLimiter
  private readonly ips: WindowLimiter
  readonly slots: RenderSlots

  constructor(
    store: SharedStore,
    readonly limits: AgreementLimits,
    /** free bytes under which generation is refused (the uploads' MIN_FREE_DISK_MB) */
    private readonly minFreeBytes: () => number
  ) {
    this.users = new WindowLimiter(store, 'agreement-user:', limits.perUser, limits.windowMs)
    this.usersDaily = new WindowLimiter(store, 'agreement-user-day:', limits.perUserDaily, DAY_MS)
    this.ips = new WindowLimiter(store, 'agreement-ip:', limits.perIp, limits.windowMs)
    this.slots = new RenderSlots(limits.renderConcurrency, limits.renderQueue)
  }

  /** Counts the attempt in every window and checks the disk; throws the -1 that says why it is refused. */
  async admit(u: { schoolId: number; userId: number; ip: string; now: Date }, storage: FileStorage): Promise<void> {
    const who = `${u.schoolId}:${u.userId}`
    const ok = await takeEach(u.now.getTime(), [this.ips, u.ip], [this.users, who], [this.usersDaily, who])
    if (!ok) throw bizError('agreementTooMany')
    const free = await storage.freeBytes()
    if (free !== null && free < this.minFreeBytes()) throw bizError('agreementDiskLow')
  }

  /** Renders within this process's slots, or refuses at once when the queue is full. */
  async render<T>(task: () => Promise<T>): Promise<T> {
    const out = await this.slots.run(async () => ({ value: await task() }))
    if (!out) throw bizError('agreementBusy')
    return out.value
  }

  /** Renders in a slot that is free now, or answers null at once (the caller hands the render to the job worker). */
  async renderNow<T>(task: () => Promise<T>): Promise<{ value: T } | null> {
    return this.slots.run(async () => ({ value: await task() }), 'never')
  }

  /** The job worker's render: waits for a slot however long the line, so the slots count every render of the process. */
  async renderInLine<T>(task: () => Promise<T>): Promise<T> {
    const out = await this.slots.run(async () => ({ value: await task() }), 'always')
    return out!.value
  }
}
