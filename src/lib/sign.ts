/**
 * Request signature (docs/decisions/006-request-signature.md): base64(AES-128-CBC/PKCS#7(timestamp ms)),
 * key = the school's 16-character signKey, IV = the nonce's first 16 characters.
 * The cipher is ./aes128 (pure JS, computed tables): the mini-programs have no WebCrypto.
 */
import { aes128CbcEncrypt } from './aes128'
import { utf8Bytes } from './sha256'

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** 32 characters of [A-Za-z0-9]; uses a CSPRNG where the platform has one. */
export function makeNonce(length = 32, random: (n: number) => Uint8Array = randomBytes): string {
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 62).
  let out = ''
  while (out.length < length) {
    const bytes = random(length * 2)
    for (let i = 0; i < bytes.length && out.length < length; i++) {
      if (bytes[i] < 248) out += NONCE_ALPHABET[bytes[i] % 62]
    }
  }
  return out
}

function randomBytes(n: number): Uint8Array {
  const bytes = new Uint8Array(n)
  const c: any = (globalThis as any).crypto
  if (c && typeof c.getRandomValues === 'function') {
    c.getRandomValues(bytes)
  } else {
    // Mini-program JS has no crypto.getRandomValues; the nonce only needs to be unique, not secret.
    for (let i = 0; i < n; i++) bytes[i] = Math.floor(Math.random() * 256)
  }
  return bytes
}

export function base64(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]
    const b = i + 1 < bytes.length ? bytes[i + 1] : 0
    const c = i + 2 < bytes.length ? bytes[i + 2] : 0
    const n = (a << 16) | (b << 8) | c
    out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63]
    out += i + 1 < bytes.length ? B64[(n >> 6) & 63] : '='
    out += i + 2 < bytes.length ? B64[n & 63] : '='
  }
  return out
}

export function signTimestamp(signKey: string, nonce: string, timestampMs: number): string {
  if (signKey.length !== 16) throw new Error('signKey must be 16 characters')
  const cipher = aes128CbcEncrypt(utf8Bytes(signKey), utf8Bytes(nonce.slice(0, 16)), utf8Bytes(String(timestampMs)))
  return base64(cipher)
}

export function signatureHeaders(signKey: string, now = Date.now()): { nonce: string; signature: string } {
  const nonce = makeNonce()
  return { nonce, signature: signTimestamp(signKey, nonce, now) }
}
