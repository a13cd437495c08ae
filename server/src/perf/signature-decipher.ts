/**
 * AES-128-CBC decryption of the request signature (docs/decisions/006-request-signature.md), two ways with one answer:
 * the plaintext with its PKCS#7 padding removed, or null when the padding is wrong. The caller has checked the key
 * (16 bytes), the IV (16 bytes) and the ciphertext's length (whole blocks).
 *
 * - `keptDecipherCbc` (the performance machinery, README.md in this folder): one AES-128-ECB block decipher per sign
 *   key, kept, since creating a decipher (OpenSSL's key schedule and context) cost more than the rest of the check
 *   (5.9 to 2.1 us a check, docs/decisions/027-write-path.md). CBC is done here on top: each decrypted block is XORed
 *   with the previous ciphertext block (the IV for the first), then every padding byte is checked and removed.
 *   Without padding, update() returns every block at once and the decipher stays usable.
 * - `freshDecipherCbc` (PERF_MACHINERY=off): a new aes-128-cbc decipher per call, OpenSSL checking the padding.
 *
 * server/test/money.test.ts holds the two to the same answers on about 2,400 inputs, crafted padding included.
 */
import { createDecipheriv, type Decipher } from 'node:crypto'
import { PERF_ON } from './switch'

const blockDeciphers = new Map<string, Decipher>()
function blockDecipher(signKey: string): Decipher {
  let d = blockDeciphers.get(signKey)
  if (!d) {
    d = createDecipheriv('aes-128-ecb', Buffer.from(signKey, 'utf8'), null).setAutoPadding(false)
    if (blockDeciphers.size >= 1000) blockDeciphers.clear()
    blockDeciphers.set(signKey, d)
  }
  return d
}

export function keptDecipherCbc(signKey: string, iv: Buffer, cipher: Buffer): Buffer | null {
  const plain = blockDecipher(signKey).update(cipher)
  if (plain.length !== cipher.length) return null
  for (let i = 0; i < plain.length; i++) plain[i] ^= i < 16 ? iv[i] : cipher[i - 16]
  const pad = plain[plain.length - 1]
  if (pad < 1 || pad > 16) return null
  for (let i = plain.length - pad; i < plain.length; i++) if (plain[i] !== pad) return null
  return plain.subarray(0, plain.length - pad)
}

export function freshDecipherCbc(signKey: string, iv: Buffer, cipher: Buffer): Buffer | null {
  try {
    const d = createDecipheriv('aes-128-cbc', Buffer.from(signKey, 'utf8'), iv)
    return Buffer.concat([d.update(cipher), d.final()])
  } catch {
    return null
  }
}

/** The one the server uses: kept per sign key, or fresh per call with PERF_MACHINERY=off (switch.ts). */
export const decipherCbc = PERF_ON ? keptDecipherCbc : freshDecipherCbc
