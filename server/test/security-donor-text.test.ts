/**
 * Donor-written text loses the characters that make it read other than it is (lib/text.ts cleanDonorText,
 * docs/decisions/030-counted-limits-and-donor-text.md): bidi overrides, embeddings, isolates and marks, zero-width
 * and other format characters, stray controls, Hangul fillers; emoji sequences keep their joiners. Each case posts
 * through the donor API and reads back what the database stored.
 *
 * Run: npx tsx --test server/test/security-donor-text.test.ts (add DATABASE_URL=postgres://… for PostgreSQL)
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, type DonateAnswer } from '../../types'
import { saveFulfilmentConfig } from '../src/domain/fulfilment/config'
import { cleanDonorText, cleanDonorValues } from '../src/lib/text'
import { UNCLEANED_FIELDS } from '../src/plugins/donor-text'
import { call, login, startApp, type TestContext } from './helpers'
import { AVENUE, SCHOLARSHIP, demoBody, paidGift } from './center-fixtures'
import { freeSeats, jnuSeatProject, recordsOf, seatBody } from './naming-fixtures'
import { orderRow, projectIdOf, schoolIdOf } from './order-fixtures'

let ctx: TestContext
let app: FastifyInstance
let token: string
let userId: number

/** every kind of hidden character the helper removes, around a visible word */
const RLO = '\u202e'
const HIDDEN = `\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u200b\u200c\u200e\u200f\ufeff\u2060\u2061\u2062\u2063\u2064\u00ad\u061c\u180e\u3164\u{E0041}\x1b\x7f\x85`
const FAMILY = '👨\u200d👩\u200d👧'
const RAINBOW = '🏳️\u200d🌈'

before(async () => {
  ctx = await startApp()
  app = ctx.app
  token = await login(app, 'demo', 'text-donor')
  userId = Number((await app.db.selectFrom('app_user').select('id').where('open_id', '=', 'text-donor').executeTakeFirstOrThrow()).id)
})
after(async () => {
  await ctx.close()
})

const post = <T = any>(apiPath: string, body: unknown) => call<T>(app, 'demo', apiPath, { method: 'POST', body, token })

describe('cleanDonorText', () => {
  it('removes bidi controls, zero-width and other format characters, stray controls and fillers', () => {
    assert.equal(cleanDonorText(`${RLO}gnp.exe`), 'gnp.exe')
    assert.equal(cleanDonorText(`张${HIDDEN}三`), '张三')
    assert.equal(cleanDonorText('a\u200db'), 'ab', 'a joiner between letters is invisible: removed')
    assert.equal(cleanDonorText('第一行\u2028第二行'), '第一行\n第二行')
    assert.equal(cleanDonorText('制表\t换行\n回车\r'), '制表\t换行\n回车\r', 'tab and line breaks stay (messages have lines)')
  })

  it('keeps emoji sequences whole: ZWJ families and flags, skin tones, subdivision flags', () => {
    const england = '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}'
    for (const s of [FAMILY, RAINBOW, '👩🏽\u200d💻', '❤️\u200d🔥', england, '赟喆䶮 😀']) assert.equal(cleanDonorText(s), s)
    assert.equal(cleanDonorText(`${FAMILY}\u200d`), FAMILY, 'a trailing joiner goes')
  })

  it('leaves secrets and tokens byte for byte, cleans everything else at any depth', () => {
    const body = { password: `pw${RLO}`, token: `t\u200b`, a: [{ b: `x${RLO}` }], n: 1, k: null }
    assert.deepEqual(cleanDonorValues(body, UNCLEANED_FIELDS), { password: `pw${RLO}`, token: `t\u200b`, a: [{ b: 'x' }], n: 1, k: null })
    const clean = { a: 'plain' }
    assert.equal(cleanDonorValues(clean, UNCLEANED_FIELDS), clean, 'nothing to clean: the same object')
  })
})

describe('through the donor API: what is stored', () => {
  it('nickname', async () => {
    const r = await post(Api.updateUser, { nickname: `${RLO}gnp.exe${HIDDEN}` })
    assert.equal(r.body.code, 0, r.body.message)
    const u = await app.db.selectFrom('app_user').select('nickname').where('id', '=', userId).executeTakeFirstOrThrow()
    assert.equal(u.nickname, 'gnp.exe')
    // a nickname of nothing but invisible characters is empty, and refused as such
    assert.equal((await post(Api.updateUser, { nickname: '\u3164\u200b\u202e' })).body.code, -1)
  })

  it('project message, emoji kept', async () => {
    const p = await app.db
      .selectFrom('project')
      .select('id')
      .where('school_id', '=', await schoolIdOf(app, 'demo'))
      .where('is_leave_message', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const r = await post(Api.insertLeaveword, { itemsId: p.id, content: `加油${RLO}母校 ${FAMILY}${HIDDEN}` })
    assert.equal(r.body.code, 0, r.body.message)
    const m = await app.db.selectFrom('leave_message').select('content').where('id', '=', r.body.data.id).executeTakeFirstOrThrow()
    assert.equal(m.content, `加油母校 ${FAMILY}`)
  })

  it('joint donation sponsor and slogan', async () => {
    const r = await post<number>(Api.insertTogether, {
      itemsId: await projectIdOf(app, 'demo', AVENUE),
      sponsor: `王${RLO}同学${HIDDEN}`,
      slogan: `${RAINBOW} 一起\u2066捐\u2069`,
      targetMoney: '1000.00'
    })
    assert.equal(r.body.code, 0, r.body.message)
    const row = await app.db
      .selectFrom('together_donation')
      .select(['sponsor', 'slogan'])
      .where('id', '=', r.body.data)
      .executeTakeFirstOrThrow()
    assert.deepEqual(row, { sponsor: '王同学', slogan: `${RAINBOW} 一起捐` })
  })

  it('donation form: name, free-text fields, certificate and receipt names, postal address', async () => {
    const body = demoBody(await projectIdOf(app, 'demo', SCHOLARSHIP), {
      formDataMap: { name: `张${RLO}三${HIDDEN}`, mobile: '86-13800138000', isAlumni: '0' },
      isNeedPaper: 1,
      certificateDonorName: `证书${RLO}名`,
      certificateWay: 2,
      postalAddress: `南京市${HIDDEN}鼓楼区`,
      postalContact: `联系\u200b人`,
      postalMobile: '86-13800138000'
    })
    const r = await post<DonateAnswer>(Api.donate, body)
    assert.equal(r.body.code, 0, r.body.message)
    const order = await orderRow(app, r.body.data.orderPayRequestDTO.billNo)
    assert.equal(order.donor_name, '张三')
    const sub = await app.db.selectFrom('donation_submission').selectAll().where('donation_id', '=', order.id).executeTakeFirstOrThrow()
    const stored = JSON.stringify(sub)
    assert.ok(!/[\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff\u3164]/.test(stored), stored)
    assert.deepEqual([sub.certificate_donor_name, sub.postal_address, sub.postal_contact], ['证书名', '南京市鼓楼区', '联系人'])
    assert.match(sub.form_data, /张三/)
  })

  it('nameplate texts of a seat naming', async () => {
    const jnu = await jnuSeatProject(app)
    const [seat] = await freeSeats(app, 'demo', jnu, 1)
    const body = seatBody(jnu, [
      { seat, termYear: 5, plate: { donorName: `赟${RLO}喆`, donorIdentity: `校友${HIDDEN}`, donationMessage: `饮水\u2067思源\u2069` } }
    ])
    const r = await post<DonateAnswer>(Api.donate, body)
    assert.equal(r.body.code, 0, r.body.message)
    const order = await orderRow(app, r.body.data.orderPayRequestDTO.billNo)
    const [rec] = await recordsOf(app, order.id)
    assert.deepEqual([rec.donor_name, rec.donor_identity, rec.donation_message], ['赟喆', '校友', '饮水思源'])
  })

  it('receipt title (the name the receipt is made out to)', async () => {
    const sid = await schoolIdOf(app, 'demo')
    await saveFulfilmentConfig(app.db, sid, {
      isOpenReceipt: true,
      validType: 1,
      isCreditCode: false,
      receiptTypes: [1, 2],
      receiptWaysPaper: [1, 2],
      receiptWaysElectronic: [3, 4],
      receiptPickup: { address: '行政楼 302', name: '李老师', mobile: '86-025-83786667' }
    })
    const gift = await paidGift(app, 'demo', token, await projectIdOf(app, 'demo', SCHOLARSHIP))
    const r = await post(Api.receiptInsert, {
      donorType: 1,
      donorName: `${RLO}司公某${HIDDEN}`,
      receiptType: 2,
      receiptWay: 3,
      postalEmail: 'finance@example.com',
      donateRecordIds: [gift.id]
    })
    assert.equal(r.body.code, 0, r.body.message)
    const row = await app.db.selectFrom('receipt_request').select('donor_name').where('donation_id', '=', gift.id).executeTakeFirstOrThrow()
    assert.equal(row.donor_name, '司公某')
  })

  it('agreement name (printed in the PDF)', async () => {
    const r = await post<string>(Api.hhuAgreementGeneration, { name: `李${RLO}四${HIDDEN}`, mobile: '13800138000', donationAmount: '2000' })
    assert.equal(r.body.code, 0, r.body.message)
    const row = await app.db.selectFrom('agreement').select('name').where('user_id', '=', userId).executeTakeFirstOrThrow()
    assert.equal(row.name, '李四')
  })
})
