import { randomBytes, randomInt } from 'node:crypto'

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** Uniform random [A-Za-z0-9] string from a CSPRNG: sign keys, sandbox codes, nonces in tests. */
export function randomAlnum(length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += ALNUM[randomInt(ALNUM.length)]
  return out
}

// No 0/O or 1/I/L look-alikes after the digits: these codes are read aloud and typed by staff.
const SERIAL = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'

/** Random upper-case serial characters from a CSPRNG (the tail of bill and batch numbers). */
export function randomSerial(length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += SERIAL[randomInt(SERIAL.length)]
  return out
}

/** Opaque bearer token: 32 random bytes, URL-safe. Only its sha256 is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url')
