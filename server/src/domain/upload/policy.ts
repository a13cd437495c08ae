/**
 * What one donor may put on the server's disk: a byte quota over everything they ever uploaded (old avatars stay:
 * donation rows keep the avatar the donor had when giving), a rate per donor and per client IP, and a floor of free
 * disk space under which uploads stop. The floor protects the rest of the service: SQLite (and often PostgreSQL)
 * lives on the same disk, and a donor filling it must not make donations fail. Limits are in memory (one process
 * per school, like the order limiter).
 *
 * Environment: UPLOAD_QUOTA_MB (default 50), UPLOAD_RATE_PER_USER (10 a minute), UPLOAD_RATE_PER_IP (30 a minute),
 * MIN_FREE_DISK_MB (512).
 */
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import type { FileStorage } from '../../providers/storage/types'
import type { SharedStore } from '../../lib/shared-store'
import { takeEach, WindowLimiter } from '../order/rate-limit'

export interface UploadPolicy {
  /** bytes one donor may hold at one school, all uploads together */
  quotaBytes: number
  /** uploads a minute per donor and per client IP */
  ratePerUser: number
  ratePerIp: number
  /** uploads are refused while the storage's disk has less free space than this */
  minFreeBytes: number
}

const MB = 1024 * 1024

export const DEFAULT_UPLOAD_POLICY: UploadPolicy = { quotaBytes: 50 * MB, ratePerUser: 10, ratePerIp: 30, minFreeBytes: 512 * MB }

/** The policy from the environment; unset, empty or invalid values keep the default. */
export function uploadPolicyFromEnv(env: NodeJS.ProcessEnv): UploadPolicy {
  const num = (name: string, fallback: number, scale = 1) => {
    const raw = env[name]
    const v = Number(raw)
    return raw !== undefined && raw !== '' && Number.isFinite(v) && v >= 0 ? Math.round(v * scale) : fallback
  }
  const d = DEFAULT_UPLOAD_POLICY
  return {
    quotaBytes: num('UPLOAD_QUOTA_MB', d.quotaBytes, MB),
    ratePerUser: num('UPLOAD_RATE_PER_USER', d.ratePerUser),
    ratePerIp: num('UPLOAD_RATE_PER_IP', d.ratePerIp),
    minFreeBytes: num('MIN_FREE_DISK_MB', d.minFreeBytes, MB)
  }
}

export interface UploadRuntime {
  policy: UploadPolicy
  users: WindowLimiter
  ips: WindowLimiter
}

export function createUploadRuntime(policy: UploadPolicy, store: SharedStore): UploadRuntime {
  return {
    policy,
    users: new WindowLimiter(store, 'upload-user:', policy.ratePerUser),
    ips: new WindowLimiter(store, 'upload-ip:', policy.ratePerIp)
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadRuntime
  }
}

const toMb = (bytes: number) => Math.round((bytes / MB) * 10) / 10

/** Bytes the donor holds at the school (all kinds of their uploads). */
export async function bytesHeld(db: Kysely<DB>, schoolId: number, userId: number): Promise<number> {
  const r = await db
    .selectFrom('uploaded_file')
    .select((eb) => eb.fn.sum<number | string | null>('size_bytes').as('n'))
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(r?.n ?? 0)
}

/**
 * The checks that cost nothing to the disk, before the body is read: rate (both windows count the attempt), free
 * space, and a quota already used up. The quota is checked again with the file's real size once it is read.
 */
export async function admitUpload(
  rt: UploadRuntime,
  db: Kysely<DB>,
  storage: FileStorage,
  u: { schoolId: number; userId: number; ip: string; now: Date }
): Promise<void> {
  if (!(await takeEach(u.now.getTime(), [rt.ips, u.ip], [rt.users, `${u.schoolId}:${u.userId}`]))) throw bizError('uploadTooMany')
  const free = await storage.freeBytes()
  if (free !== null && free < rt.policy.minFreeBytes) throw bizError('uploadDiskLow')
  if ((await bytesHeld(db, u.schoolId, u.userId)) >= rt.policy.quotaBytes) throw quotaFull(rt.policy)
}

export const quotaFull = (policy: UploadPolicy) => bizError('uploadQuotaFull', { max: toMb(policy.quotaBytes) })
