import { createCipheriv, randomBytes } from 'node:crypto'
import { aes128CbcEncrypt } from '@/lib/aes128'

// with a zero IV, CBC's first block is the cipher applied to the first plaintext block alone
const encryptBlock = (key: Uint8Array, block: Uint8Array) => aes128CbcEncrypt(key, new Uint8Array(16), block).slice(0, 16)

const hex = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'))

describe('AES-128 (the request signature cipher)', () => {
  it('gives FIPS-197 appendix C.1 and B ciphertexts', () => {
    expect(
      Buffer.from(encryptBlock(hex('000102030405060708090a0b0c0d0e0f'), hex('00112233445566778899aabbccddeeff'))).toString('hex')
    ).toBe('69c4e0d86a7b0430d8cdb78070b4c55a')
    expect(
      Buffer.from(encryptBlock(hex('2b7e151628aed2a6abf7158809cf4f3c'), hex('3243f6a8885a308d313198a2e0370734'))).toString('hex')
    ).toBe('3925841d02dc09fbdc118597196a0b32')
  })

  it('matches node:crypto aes-128-cbc with PKCS#7 for every length 0..48 and random keys', () => {
    for (let n = 0; n <= 48; n++) {
      const key = randomBytes(16)
      const iv = randomBytes(16)
      const plain = randomBytes(n)
      const c = createCipheriv('aes-128-cbc', key, iv)
      const expected = Buffer.concat([c.update(plain), c.final()])
      expect(Buffer.from(aes128CbcEncrypt(key, iv, plain)).toString('hex')).toBe(expected.toString('hex'))
    }
  })

  it('refuses keys and IVs that are not 16 bytes', () => {
    expect(() => aes128CbcEncrypt(new Uint8Array(15), new Uint8Array(16), new Uint8Array(1))).toThrow()
    expect(() => aes128CbcEncrypt(new Uint8Array(16), new Uint8Array(8), new Uint8Array(1))).toThrow()
  })
})
