/**
 * Password records: the client sends the lowercase hex SHA-256 of the password (docs/product §7), which is itself a
 * password-equivalent, so the server stores scrypt (node:crypto, a slow, memory-hard hash) of it with a random
 * per-record salt: "scrypt$N$r$p$<salt b64>$<hash b64>". Parameters travel in the record so they can be raised
 * later without invalidating old records. Donor accounts and staff accounts use the same function.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const N = 16384
const R = 8
const P = 1
const KEYLEN = 32

function scrypt(secret: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCb(secret, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))))
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(secret, salt, KEYLEN, { N, r: R, p: P })
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`
}

export async function verifySecret(record: string, secret: string): Promise<boolean> {
  const parts = record.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [n, r, p] = parts.slice(1, 4).map(Number)
  if (![n, r, p].every((x) => Number.isSafeInteger(x) && x > 0) || n > 1 << 20) return false
  const salt = Buffer.from(parts[4], 'base64')
  const expected = Buffer.from(parts[5], 'base64')
  const key = await scrypt(secret, salt, expected.length, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** A record that never verifies, hashed once: unknown staff names cost the same time as wrong passwords. */
let dummy: Promise<string> | null = null
export const dummyRecord = () => (dummy ??= hashSecret(randomBytes(16).toString('hex')))
