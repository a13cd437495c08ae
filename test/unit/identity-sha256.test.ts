/** The password hash the login page sends (src/lib/sha256.ts) against node:crypto, byte for byte. */
import { createHash } from 'node:crypto'
import { sha256Hex, utf8Bytes } from '@/lib/sha256'

const node = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex')

describe('sha256Hex', () => {
  it('matches the FIPS 180-4 test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'
    )
  })

  it.each([
    ['ascii password', 'Passw0rd!'],
    ['Chinese', '捐赠人密码'],
    ['rare characters of donor names', '赟喆䶮'],
    ['an astral character (emoji)', 'love🎓2024'],
    ['mixed with spaces', ' 校友 alumni 2008 '],
    ['55 bytes (one block with length)', 'a'.repeat(55)],
    ['56 bytes (padding spills into a second block)', 'a'.repeat(56)],
    ['64 bytes (exactly one block)', 'b'.repeat(64)],
    ['several blocks', '中'.repeat(200)]
  ])('matches node:crypto for %s', (_name, input) => {
    expect(sha256Hex(input)).toBe(node(input))
  })

  it('is lowercase hex of 64 characters, the server’s PASSWORD_HASH_PATTERN', () => {
    expect(sha256Hex('x')).toMatch(/^[0-9a-f]{64}$/)
  })

  it('encodes UTF-8 like Buffer does, a lone surrogate as U+FFFD', () => {
    for (const s of ['é', '中文', '𠀀', 'a\ud800b']) {
      expect(Array.from(utf8Bytes(s))).toEqual(Array.from(Buffer.from(s, 'utf8')))
    }
  })
})
