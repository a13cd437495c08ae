/**
 * AES-128 encryption (FIPS-197) in CBC mode with PKCS#7 padding: all the request signature needs
 * (docs/decisions/006-request-signature.md). Encryption only, and the S-box is computed once at start instead of
 * shipped as tables: the aes-js package it replaces carried 45 KB of precomputed tables in every target's entry
 * (14.7 KB brotli of the H5 first route, README "Performance"). The mini-programs have no WebCrypto, so this runs
 * unchanged on all three targets. Checked against FIPS-197's vectors and node:crypto (test/unit/aes128.test.ts).
 */

const SBOX = new Uint8Array(256)

/** multiplication by x in GF(2^8) modulo the AES polynomial x^8 + x^4 + x^3 + x + 1 */
function xtime(b: number): number {
  return ((b << 1) ^ (b & 0x80 ? 0x1b : 0)) & 0xff
}

function rotl8(b: number, n: number): number {
  return ((b << n) | (b >> (8 - n))) & 0xff
}

// p walks the multiplicative group by powers of 3 while q walks it by powers of 3's inverse, so q = p^-1;
// the S-box entry is q through the affine transform.
;(function buildSbox() {
  let p = 1
  let q = 1
  do {
    p = p ^ xtime(p)
    q ^= q << 1
    q ^= q << 2
    q ^= q << 4
    q &= 0xff
    if (q & 0x80) q ^= 0x09
    SBOX[p] = q ^ rotl8(q, 1) ^ rotl8(q, 2) ^ rotl8(q, 3) ^ rotl8(q, 4) ^ 0x63
  } while (p !== 1)
  SBOX[0] = 0x63
})()

/** The 11 round keys of AES-128, 176 bytes. */
function expandKey(key: Uint8Array): Uint8Array {
  if (key.length !== 16) throw new Error('AES-128 needs a 16-byte key')
  const w = new Uint8Array(176)
  w.set(key)
  let rcon = 1
  for (let i = 16; i < 176; i += 4) {
    let t0 = w[i - 4]
    let t1 = w[i - 3]
    let t2 = w[i - 2]
    let t3 = w[i - 1]
    if (i % 16 === 0) {
      const first = t0
      t0 = SBOX[t1] ^ rcon
      t1 = SBOX[t2]
      t2 = SBOX[t3]
      t3 = SBOX[first]
      rcon = xtime(rcon)
    }
    w[i] = w[i - 16] ^ t0
    w[i + 1] = w[i - 15] ^ t1
    w[i + 2] = w[i - 14] ^ t2
    w[i + 3] = w[i - 13] ^ t3
  }
  return w
}

/** Encrypts one 16-byte block in place (the state is column-major: byte r + 4c is row r of column c). */
function encryptBlock(s: Uint8Array, w: Uint8Array): void {
  for (let i = 0; i < 16; i++) s[i] ^= w[i]
  const t = new Uint8Array(16)
  for (let round = 1; round <= 10; round++) {
    // SubBytes and ShiftRows together: row r moves left by r columns
    for (let c = 0; c < 4; c++) {
      for (let r = 0; r < 4; r++) t[r + 4 * c] = SBOX[s[r + 4 * ((c + r) % 4)]]
    }
    if (round < 10) {
      for (let c = 0; c < 16; c += 4) {
        const a0 = t[c]
        const a1 = t[c + 1]
        const a2 = t[c + 2]
        const a3 = t[c + 3]
        const all = a0 ^ a1 ^ a2 ^ a3
        t[c] = a0 ^ all ^ xtime(a0 ^ a1)
        t[c + 1] = a1 ^ all ^ xtime(a1 ^ a2)
        t[c + 2] = a2 ^ all ^ xtime(a2 ^ a3)
        t[c + 3] = a3 ^ all ^ xtime(a3 ^ a0)
      }
    }
    for (let i = 0; i < 16; i++) s[i] = t[i] ^ w[16 * round + i]
  }
}

/** AES-128-CBC with PKCS#7 padding, as node's `createCipheriv('aes-128-cbc', key, iv)` produces it. */
export function aes128CbcEncrypt(key: Uint8Array, iv: Uint8Array, plain: Uint8Array): Uint8Array {
  if (iv.length !== 16) throw new Error('AES-CBC needs a 16-byte IV')
  const w = expandKey(key)
  const pad = 16 - (plain.length % 16)
  const out = new Uint8Array(plain.length + pad)
  out.set(plain)
  out.fill(pad, plain.length)
  let prev = iv
  for (let off = 0; off < out.length; off += 16) {
    const block = out.subarray(off, off + 16)
    for (let i = 0; i < 16; i++) block[i] ^= prev[i]
    encryptBlock(block, w)
    prev = block
  }
  return out
}
