/** Pure units: money conversion, name masking, nonce store, sandbox helpers. */
import assert from 'node:assert/strict'
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { describe, it } from 'node:test'
import { fenToYuan, yuanToFen } from '../src/lib/money'
import { codePointLength, maskName } from '../src/lib/names'
import { decryptTimestamp, NonceStore } from '../src/plugins/signature'
import { freshDecipherCbc, keptDecipherCbc } from '../src/perf/signature-decipher'
import { MemoryStore } from '../src/lib/shared-store'
import { appendCode, wechatShareSign } from '../src/routes/system/auth'
import { redactUrl } from '../src/app'
import { pageWindow } from '../src/lib/sql'
import { PAGE_SIZE } from '../../types'
import { makeNonce, sign } from './helpers'

describe('money', () => {
  it('formats fen as yuan strings with exactly two decimals', () => {
    assert.equal(fenToYuan(0), '0.00')
    assert.equal(fenToYuan(5), '0.05')
    assert.equal(fenToYuan(123450), '1234.50')
    assert.equal(fenToYuan(-5), '-0.05')
    assert.equal(fenToYuan(100_000_000_000), '1000000000.00')
    assert.equal(fenToYuan(9007199254740991n), '90071992547409.91')
    assert.throws(() => fenToYuan(1.5), RangeError)
  })

  it('parses yuan strings by string arithmetic, never floats', () => {
    assert.equal(yuanToFen('0.29'), 29) // 0.29 * 100 is 28.999… as a float
    assert.equal(yuanToFen('1234.5'), 123450)
    assert.equal(yuanToFen('1234.50'), 123450)
    assert.equal(yuanToFen('10000000'), 1_000_000_000)
    assert.equal(yuanToFen('0.01'), 1)
    assert.equal(yuanToFen('-3.10'), -310)
    for (const bad of ['', '1.234', '1e5', ' 1', '1,000', 'abc', '.5', '1.']) {
      assert.throws(() => yuanToFen(bad), RangeError, bad)
    }
    assert.throws(() => yuanToFen('99999999999999999'), RangeError)
  })

  it('round-trips', () => {
    for (const fen of [0, 1, 10, 99, 100, 101, 6666, 123456789]) assert.equal(yuanToFen(fenToYuan(fen)), fen)
  })
})

describe('donor names', () => {
  it('masks to the first code point plus two asterisks', () => {
    assert.equal(maskName('赟喆䶮'), '赟**')
    assert.equal(maskName('欧阳晓峰'), '欧**')
    assert.equal(maskName('𠀋先生'), '𠀋**') // astral first character is not split
    assert.equal(maskName('A'), 'A**')
  })
  it('counts code points, not UTF-16 units', () => {
    assert.equal('𠀋'.length, 2)
    assert.equal(codePointLength('𠀋'), 1)
    assert.equal(codePointLength('赟喆䶮'), 3)
  })
})

describe('signature primitives', () => {
  it('decrypts what the client encrypts and rejects a wrong key', () => {
    const key = 'abcdefghijklmnop'
    const nonce = makeNonce()
    assert.equal(decryptTimestamp(sign(key, nonce, 1700000000123), key, nonce), 1700000000123)
    assert.equal(decryptTimestamp(sign('ABCDEFGHIJKLMNOP', nonce, 1700000000123), key, nonce), null)
    assert.equal(decryptTimestamp('not base64 at all', key, nonce), null)
  })
  it('answers exactly as a fresh AES-128-CBC decipher would, with the block decipher kept per key', () => {
    // the reference: Node's own CBC with PKCS#7, a new decipher per call (what the plugin did before)
    const reference = (signature: string, key: string, nonce: string) => {
      try {
        const d = createDecipheriv('aes-128-cbc', Buffer.from(key, 'utf8'), Buffer.from(nonce.slice(0, 16), 'utf8'))
        const plain = Buffer.concat([d.update(Buffer.from(signature, 'base64')), d.final()]).toString('utf8')
        return /^\d{1,16}$/.test(plain) ? Number(plain) : null
      } catch {
        return null
      }
    }
    const keys = ['abcdefghijklmnop', 'ABCDEFGHIJKLMNOP', '0123456789abcdef']
    const encrypt = (key: string, nonce: string, text: string) => {
      const c = createCipheriv('aes-128-cbc', Buffer.from(key, 'utf8'), Buffer.from(nonce.slice(0, 16), 'utf8'))
      return Buffer.concat([c.update(text, 'utf8'), c.final()]).toString('base64')
    }
    const cases: [string, string, string][] = []
    for (let i = 0; i < 600; i++) {
      const key = keys[i % 3]
      const nonce = makeNonce()
      const digits = String(1 + ((i * 7919) % 10 ** ((i % 17) + 1)))
      cases.push([encrypt(key, nonce, digits), key, nonce]) // 1 to 17 digits: one block, two blocks, too long
      cases.push([encrypt(keys[(i + 1) % 3], nonce, digits), key, nonce]) // another school's key: bad padding mostly
      cases.push([encrypt(key, nonce, `${digits}x`), key, nonce]) // not digits
      cases.push([randomBytes([16, 32, 48, 15, 0][i % 5]).toString('base64'), key, nonce]) // noise of every length
    }
    // a block ending in a padding-like byte after digits: "…45" + 0x02 is not PKCS#7 (the byte before is '5'), refused
    const raw = (key: string, nonce: string, bytes: Buffer) => {
      const c = createCipheriv('aes-128-cbc', Buffer.from(key, 'utf8'), Buffer.from(nonce.slice(0, 16), 'utf8')).setAutoPadding(false)
      return Buffer.concat([c.update(bytes), c.final()]).toString('base64')
    }
    const nonce0 = makeNonce()
    cases.push([raw(keys[0], nonce0, Buffer.from('123456789012345\x02', 'latin1')), keys[0], nonce0])
    cases.push([raw(keys[0], nonce0, Buffer.from('12345678901234\x02\x02', 'latin1')), keys[0], nonce0])
    cases.push([raw(keys[0], nonce0, Buffer.from('1234567890123456', 'latin1')), keys[0], nonce0])
    cases.push([encrypt(keys[0], 'abcdefghijklmnopqrst', '1700000000123'), 'short key', 'abcdefghijklmnopqrst'])
    cases.push([encrypt(keys[0], 'abcdefghijklmnopqrst', '1700000000123'), keys[0], 'short nonce'])
    let valid = 0
    for (const [sig, key, nonce] of cases) {
      const expected = reference(sig, key, nonce)
      if (expected !== null) valid++
      assert.equal(decryptTimestamp(sig, key, nonce), expected, `${sig} ${key} ${nonce}`)
      // both ways of perf/signature-decipher.ts, whichever PERF_MACHINERY picked, give the same answer
      const keyBytes = Buffer.from(key, 'utf8')
      const iv = Buffer.from(nonce.slice(0, 16), 'utf8')
      const cipher = Buffer.from(sig, 'base64')
      if (keyBytes.length === 16 && iv.length === 16 && cipher.length && cipher.length % 16 === 0)
        assert.deepEqual(keptDecipherCbc(key, iv, cipher), freshDecipherCbc(key, iv, cipher), `${sig} ${key} ${nonce}`)
    }
    assert.ok(valid >= 500, `most well-formed signatures decrypt (${valid})`)
  })
  it('remembers nonces for the TTL only', async () => {
    const s = new NonceStore(new MemoryStore(), 1000)
    assert.equal(await s.remember('a', 0), true)
    assert.equal(await s.remember('a', 500), false)
    assert.equal(await s.remember('a', 1001), true)
  })
})

describe('sandbox helpers', () => {
  it('appends the code with ? or &, before any fragment', () => {
    assert.equal(appendCode('https://x.cn/mine', 'C1'), 'https://x.cn/mine?code=C1')
    assert.equal(appendCode('https://x.cn/mine?a=1', 'C1'), 'https://x.cn/mine?a=1&code=C1')
    assert.equal(appendCode('/mine?a=1#top', 'C1'), '/mine?a=1&code=C1#top')
  })
  it('signs like the WeChat JS-SDK (sha1 over sorted params, url without fragment)', () => {
    const s = wechatShareSign('demo', 'https://x.cn/a?b=1#frag', 'Wm3WZYTPz0wzccnW', 1414587457)
    const expected = createHash('sha1')
      .update('jsapi_ticket=sandbox-jsapi-ticket-demo&noncestr=Wm3WZYTPz0wzccnW&timestamp=1414587457&url=https://x.cn/a?b=1')
      .digest('hex')
    assert.equal(s.signature, expected)
    assert.equal(s.nonceStr, 'Wm3WZYTPz0wzccnW')
  })
  it('redacts tokens and codes from logged URLs', () => {
    assert.equal(redactUrl('/api/demo/x?token=abc&lang=en'), '/api/demo/x?token=[REDACTED]&lang=en')
    assert.equal(redactUrl('/api/demo/x?billType=2&code=SECRET'), '/api/demo/x?billType=2&code=[REDACTED]')
  })
})

describe('paging', () => {
  it('caps a huge limit at PAGE_SIZE.MAX and applies the list default when absent', () => {
    assert.deepEqual(pageWindow({ limit: 100000 }, 10, PAGE_SIZE.MAX), { limit: 9999, offset: 0 })
    assert.deepEqual(pageWindow({}, 20, PAGE_SIZE.MAX), { limit: 20, offset: 0 })
    assert.deepEqual(pageWindow({ limit: null, offset: null }, 10, PAGE_SIZE.MAX), { limit: 10, offset: 0 })
    assert.deepEqual(pageWindow({ limit: 5, offset: 15 }, 10, PAGE_SIZE.MAX), { limit: 5, offset: 15 })
  })
})
