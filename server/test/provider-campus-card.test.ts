/** Campus card (pay type 9): the demo card service, docs/product §5 rules, getCardBalance and the payment provider. */
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { createDemoCampusCardService, DEMO_CARD_FILE, type DemoCampusCardService } from '../src/providers/campus-card/demo'
import {
  CAMPUS_CARD_MESSAGES,
  campusCardMessage,
  getCardBalance,
  initialCardPassword,
  registerCampusCardService
} from '../src/providers/campus-card/service'
import { createCampusCardPay } from '../src/providers/payment/campus-card'
import { ProviderError, type CreatePaymentInput, type PaymentProvider } from '../src/providers/payment/types'

const SCHOOL = 4242
let dir: string
let svc: DemoCampusCardService
let pay: PaymentProvider
let seq = 0

function input(over: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  seq++
  return {
    schoolId: SCHOOL,
    schoolCode: 'demo',
    billNo: `DEMOCC${String(seq).padStart(6, '0')}`,
    amountFen: 1000,
    description: '乡村图书角',
    payType: 9,
    channel: 'h5',
    clientIp: '127.0.0.1',
    notifyUrl: 'https://pay.example.org/notify/demo/campus',
    expiresAt: new Date(Date.now() + 900_000).toISOString(),
    campusCard: { stuWorkNo: '20230001', password: '011234' },
    ...over
  }
}

async function refusedWith(p: Promise<unknown>, key: keyof typeof CAMPUS_CARD_MESSAGES, kind: ProviderError['kind']) {
  await assert.rejects(p, (err: unknown) => {
    assert.ok(err instanceof ProviderError, `expected ProviderError, got ${String(err)}`)
    assert.equal(err.message, key)
    assert.equal(err.kind, kind)
    assert.equal(err.provider, 'campus')
    return true
  })
}

describe('campus card', () => {
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'uplus-card-'))
    svc = createDemoCampusCardService({ file: path.join(dir, DEMO_CARD_FILE) })
    registerCampusCardService(SCHOOL, svc)
    pay = createCampusCardPay({ service: svc })
  })
  after(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it('initial password: last six characters of the ID number with x replaced by 1', () => {
    assert.equal(initialCardPassword('320102200001011234'), '011234')
    assert.equal(initialCardPassword('11010519491231002X'), '310021')
    assert.equal(initialCardPassword('11010519491231002x'), '310021')
    assert.equal(initialCardPassword(' 4403051990010101x01X '), '011011') // every x of the six, trimmed
  })

  it('balance with the initial password; the card whose ID ends in X opens with 1 in its place', async () => {
    assert.equal(await getCardBalance(SCHOOL, '20230001', '011234'), 500_000)
    assert.equal(await getCardBalance(SCHOOL, '20230002', '310021'), 30_000)
    await refusedWith(getCardBalance(SCHOOL, '20230002', '31002X'), 'campusCardAuthFailed', 'declined')
    await refusedWith(getCardBalance(SCHOOL, '20230002', '31002x'), 'campusCardAuthFailed', 'declined')
    await refusedWith(getCardBalance(SCHOOL, '20230001', '000000'), 'campusCardAuthFailed', 'declined')
    await refusedWith(getCardBalance(SCHOOL, 'NOPE', '011234'), 'campusCardAuthFailed', 'declined')
    await refusedWith(getCardBalance(SCHOOL, '  ', '011234'), 'campusCardRequired', 'declined')
    // getCardBlance (docs/product §7) sends only stuWorkNo: the demo answers a plain lookup
    assert.equal(await getCardBalance(SCHOOL, 'T0001'), 2_000_000)
    await refusedWith(getCardBalance(9999, '20230001', '011234'), 'campusCardNotConfigured', 'config')
  })

  it('an unreadable card answers 读取余额失败, a frozen one is declined', async () => {
    await refusedWith(getCardBalance(SCHOOL, '20239999', '081236'), 'campusCardReadFailed', 'upstream')
    await refusedWith(getCardBalance(SCHOOL, '20239999'), 'campusCardReadFailed', 'upstream')
    await refusedWith(pay.create(input({ campusCard: { stuWorkNo: '20239999', password: '081236' } })), 'campusCardReadFailed', 'upstream')
    await refusedWith(pay.create(input({ campusCard: { stuWorkNo: '20239998', password: '072215' } })), 'campusCardFrozen', 'declined')
    assert.equal(campusCardMessage('campusCardReadFailed'), '读取余额失败')
    assert.equal(campusCardMessage('campusCardInsufficient'), '一卡通余额不足')
    assert.equal(campusCardMessage('campusCardInsufficient', 'en'), 'Insufficient campus card balance')
  })

  it('a service that throws something else is also 读取余额失败', async () => {
    registerCampusCardService(SCHOOL + 1, {
      balance: async () => {
        throw new Error('ECONNREFUSED card system')
      },
      pay: async () => ({ tradeNo: 'x' })
    })
    await refusedWith(getCardBalance(SCHOOL + 1, '20230001', '011234'), 'campusCardReadFailed', 'upstream')
    registerCampusCardService(SCHOOL + 1, { balance: async () => Number.NaN, pay: async () => ({ tradeNo: 'x' }) })
    await refusedWith(getCardBalance(SCHOOL + 1, '20230001', '011234'), 'campusCardReadFailed', 'upstream')
  })

  it('number and password are required', async () => {
    await refusedWith(pay.create(input({ campusCard: undefined })), 'campusCardRequired', 'declined')
    await refusedWith(pay.create(input({ campusCard: { stuWorkNo: '20230001', password: '' } })), 'campusCardRequired', 'declined')
    await refusedWith(pay.create(input({ campusCard: { stuWorkNo: '', password: '011234' } })), 'campusCardRequired', 'declined')
  })

  it('pays synchronously: paidImmediately carries the amount, the balance drops, the file is written', async () => {
    const inp = input({ amountFen: 12_345 })
    const res = await pay.create(inp)
    assert.equal(res.params.provider, 'campus')
    const paid = res.paidImmediately
    assert.ok(paid)
    assert.equal(paid.provider, 'campus')
    assert.equal(paid.billNo, inp.billNo)
    assert.equal(paid.amountFen, 12_345)
    assert.equal(paid.outcome, 'paid')
    assert.match(paid.providerTradeNo, /^CC\d+[0-9A-F]{8}$/)
    assert.equal(await getCardBalance(SCHOOL, '20230001', '011234'), 500_000 - 12_345)
    const onDisk = JSON.parse(readFileSync(path.join(dir, DEMO_CARD_FILE), 'utf8'))
    assert.equal(onDisk.cards.find((c: { stuWorkNo: string }) => c.stuWorkNo === '20230001').balanceFen, 500_000 - 12_345)
    assert.equal(onDisk.payments.at(-1).billNo, inp.billNo)
    // reconciliation finds it
    const q = await pay.query(inp.billNo)
    assert.equal(q?.providerTradeNo, paid.providerTradeNo)
    assert.equal(q?.amountFen, 12_345)
    // the card system's word that nothing was debited for a bill: 'failed' (closes a pending or reconciling order)
    const none = await pay.query('DEMOCC_NONE01')
    assert.deepEqual([none?.outcome, none?.billNo, none?.amountFen], ['failed', 'DEMOCC_NONE01', 0])
  })

  it('the same billNo charges once', async () => {
    const inp = input({ amountFen: 500 })
    const before = await getCardBalance(SCHOOL, '20230001', '011234')
    const a = await pay.create(inp)
    const b = await pay.create(inp)
    assert.equal(a.paidImmediately?.providerTradeNo, b.paidImmediately?.providerTradeNo)
    assert.equal(await getCardBalance(SCHOOL, '20230001', '011234'), before - 500)
  })

  it('insufficient balance is declined with 一卡通余额不足 and charges nothing', async () => {
    // 20230003 holds 10.00
    await refusedWith(
      pay.create(input({ amountFen: 1001, campusCard: { stuWorkNo: '20230003', password: '063318' } })),
      'campusCardInsufficient',
      'declined'
    )
    assert.equal(await getCardBalance(SCHOOL, '20230003', '063318'), 1000)
    const exact = await pay.create(input({ amountFen: 1000, campusCard: { stuWorkNo: '20230003', password: '063318' } }))
    assert.equal(exact.paidImmediately?.outcome, 'paid')
    assert.equal(await getCardBalance(SCHOOL, '20230003', '063318'), 0)
    await refusedWith(
      pay.create(input({ amountFen: 1, campusCard: { stuWorkNo: '20230003', password: '063318' } })),
      'campusCardInsufficient',
      'declined'
    )
  })

  it('concurrent payments never overspend a card', async () => {
    // 20230002 holds 300.00: of five concurrent 100.00 payments exactly three succeed
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => pay.create(input({ amountFen: 10_000, campusCard: { stuWorkNo: '20230002', password: '310021' } })))
    )
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 3)
    for (const r of results.filter((x) => x.status === 'rejected')) {
      assert.equal(((r as PromiseRejectedResult).reason as ProviderError).message, 'campusCardInsufficient')
    }
    assert.equal(await getCardBalance(SCHOOL, '20230002', '310021'), 0)
  })

  it('a changed password replaces the initial one', async () => {
    await svc.changePassword('T0001', '153547', 'n3w-secret')
    await refusedWith(getCardBalance(SCHOOL, 'T0001', '153547'), 'campusCardAuthFailed', 'declined')
    assert.equal(await getCardBalance(SCHOOL, 'T0001', 'n3w-secret'), 2_000_000)
    const stored = (await svc.card('T0001'))?.passwordHash ?? ''
    assert.ok(stored.startsWith('scrypt$') && !stored.includes('n3w-secret'))
  })

  it('sends no notifications; acks plain text', async () => {
    await assert.rejects(
      pay.verifyNotification({ headers: {}, rawBody: '{}' }),
      (e: unknown) => e instanceof ProviderError && e.kind === 'forged'
    )
    assert.deepEqual(pay.ack(true), { status: 200, contentType: 'text/plain', body: 'OK' })
  })

  it('a service that requires the password refuses a plain lookup', async () => {
    const strict = createDemoCampusCardService({ file: path.join(dir, 'strict.json'), allowBalanceWithoutPassword: false })
    await assert.rejects(strict.balance('20230001'), (e: unknown) => e instanceof ProviderError && e.message === 'campusCardRequired')
    assert.equal(await strict.balance('20230001', '011234'), 500_000)
  })
})
