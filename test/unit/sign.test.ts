import { createDecipheriv } from 'node:crypto'
import { makeNonce, signTimestamp, base64, signatureHeaders } from '@/lib/sign'

describe('request signature', () => {
  it('is AES-128-CBC/PKCS7 of the timestamp that node:crypto decrypts with key and nonce IV', () => {
    const key = 'k9Xq2LmN8vB4sT1w'
    const nonce = makeNonce()
    const ts = 1763780000123
    const sig = signTimestamp(key, nonce, ts)
    const d = createDecipheriv('aes-128-cbc', Buffer.from(key), Buffer.from(nonce.slice(0, 16)))
    const plain = Buffer.concat([d.update(Buffer.from(sig, 'base64')), d.final()]).toString()
    expect(plain).toBe(String(ts))
  })

  it('makes 32-character alphanumeric nonces that differ', () => {
    const a = makeNonce()
    const b = makeNonce()
    expect(a).toMatch(/^[A-Za-z0-9]{32}$/)
    expect(a).not.toBe(b)
  })

  it('base64 matches Buffer for every padding length', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 16, 17]) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + 11) & 255)
      expect(base64(bytes)).toBe(Buffer.from(bytes).toString('base64'))
    }
  })

  it('rejects a key that is not 16 characters', () => {
    expect(() => signTimestamp('short', makeNonce(), 1)).toThrow()
    expect(Object.keys(signatureHeaders('0123456789abcdef')).sort()).toEqual(['nonce', 'signature'])
  })
})
