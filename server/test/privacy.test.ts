/**
 * Privacy (docs/decisions/041-privacy-and-account-deletion.md): the policy per school, consent recorded before the
 * first collection and required by the forms that collect personal data, the download of one's own data, and
 * account deletion that keeps the foundation's totals.
 */
import { invalidateSchoolCache } from '../src/domain/school/cache'
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import {
  Api,
  type DirectoryTotal,
  type LeaveMessage,
  type MobileLoginAnswer,
  type Page,
  type PrivacyExport,
  type PrivacyPolicy,
  type PrivacyStatus,
  type Project,
  type UserCenter
} from '../../types'
import { call, login, loginWithoutConsent, startApp, type TestContext } from './helpers'
import { AVENUE, demoBody, paidGift, projectIdOf, recordingSms, userIdOf } from './center-fixtures'
import { donate } from './order-fixtures'
import { staffCall, staffToken } from './staff-fixtures'

const sms = recordingSms()
let ctx: TestContext
let app: FastifyInstance
let avenue: number

before(async () => {
  ctx = await startApp({ build: { identity: { sms } } })
  app = ctx.app
  avenue = await projectIdOf(app, 'demo', AVENUE)
})
after(async () => {
  await ctx.close()
})

const post = <T = unknown>(path: string, body: unknown, token?: string, lang = 'zh_CN') =>
  call<T>(app, 'demo', `${path}?lang=${lang}`, { method: 'POST', body, token })
const status = async (token: string) => (await call<PrivacyStatus>(app, 'demo', Api.privacyStatus, { token })).body
const consentRows = (userId: number) =>
  app.db.selectFrom('privacy_consent').selectAll().where('user_id', '=', userId).orderBy('version').execute()

describe('the policy', () => {
  it('answers the built-in text, version 1, in zh and en, naming what the app collects', async () => {
    const zh = (await call<PrivacyPolicy>(app, 'demo', Api.privacyPolicy)).body
    assert.equal(zh.code, 0)
    assert.equal(zh.data.version, 1)
    assert.equal(zh.data.isDefault, 1)
    for (const word of ['姓名', '手机号', '身份证号码', '邮寄地址', '头像', '留言', '注销账号', '保存期限']) {
      assert.ok(zh.data.content.includes(word), `zh policy mentions ${word}`)
    }
    assert.ok(!zh.data.content.includes('{school}'), 'the school name is filled in')
    const en = (await call<PrivacyPolicy>(app, 'demo', Api.privacyPolicy, { query: { lang: 'en' } })).body
    assert.equal(en.data.title, 'Privacy policy')
    for (const word of ['name', 'mobile', 'ID card number', 'mailing address', 'avatar', 'Messages', 'Delete your account']) {
      assert.ok(en.data.content.includes(word), `en policy mentions ${word}`)
    }
  })
})

describe('consent', () => {
  it('a donor without consent is refused by the forms that collect personal data, in the request language', async () => {
    const token = await loginWithoutConsent(app, 'demo', 'privacy-noconsent')
    assert.deepEqual((await status(token)).data, { version: 1, consented: 0, consentedAt: '' })
    const upd = (await post(Api.updateUser, { nickname: '新昵称' }, token)).body
    assert.equal(upd.code, -1)
    assert.equal(upd.message, '请先阅读并同意《隐私政策》后再填写个人信息')
    assert.deepEqual(upd.data, { privacyConsentRequired: 1 })
    const cert = (await post(Api.certificateInsert, { certificateWay: 1, donateIds: [1] }, token, 'en')).body
    assert.equal(cert.code, -1)
    assert.equal(cert.message, 'Please read and agree to the privacy policy before giving personal information')
    const receipt = (
      await post(Api.receiptInsert, { donorType: 1, donorName: '张三', receiptType: 2, receiptWay: 3, donateRecordIds: [1] }, token)
    ).body
    assert.deepEqual([receipt.code, receipt.data], [-1, { privacyConsentRequired: 1 }])
    // a gift with a name in its form is personal data; a bare gift is not
    const named = await donate(app, 'demo', token, demoBody(avenue))
    assert.deepEqual([named.body.code, named.body.data], [-1, { privacyConsentRequired: 1 }])
    // (this project's form requires a name: the bare gift stops at the form's own rule, which names its field)
    const bare = await donate(app, 'demo', token, demoBody(avenue, { formDataMap: {} }))
    assert.deepEqual([bare.body.code, bare.body.message, bare.body.data], [-1, '请输入姓名', { field: 'name' }])
    const nick = await app.db.selectFrom('app_user').select('nickname').where('open_id', '=', 'privacy-noconsent').executeTakeFirstOrThrow()
    assert.notEqual(nick.nickname, '新昵称')
  })

  it('records consent (user, version, time) and then lets the forms through; a stale version agrees to nothing', async () => {
    const token = await loginWithoutConsent(app, 'demo', 'privacy-consents')
    const userId = await userIdOf(app, 'demo', 'privacy-consents')
    const stale = (await post(Api.privacyConsent, { version: 2 }, token)).body
    assert.equal(stale.code, -1)
    assert.equal((await consentRows(userId)).length, 0)
    const before = Date.now()
    const ok = (await post<PrivacyStatus>(Api.privacyConsent, { version: 1 }, token)).body
    assert.equal(ok.code, 0)
    assert.equal(ok.data.consented, 1)
    const rows = await consentRows(userId)
    assert.equal(rows.length, 1)
    assert.deepEqual([Number(rows[0].version), rows[0].source], [1, 'prompt'])
    assert.ok(Date.parse(String(rows[0].created_at)) >= before - 1000)
    assert.equal((await post(Api.updateUser, { nickname: '同意之后' }, token)).body.code, 0)
    assert.equal((await donate(app, 'demo', token, demoBody(avenue))).body.code, 0)
  })

  it('the login page consent is recorded with the sign-in (mobileLogin privacyVersion)', async () => {
    const mobile = '86-13912345670'
    assert.equal((await post(Api.getSmsCode, { mobile })).body.code, 0)
    const r = (await post<MobileLoginAnswer>(Api.mobileLogin, { mobile, code: sms.last(mobile), privacyVersion: 1 })).body
    assert.equal(r.code, 0, JSON.stringify(r))
    const s = await status(r.data.token)
    assert.equal(s.data.consented, 1)
    const userId = await userIdOf(app, 'demo', mobile)
    assert.deepEqual(
      (await consentRows(userId)).map((c) => c.source),
      ['login']
    )
  })

  it('a new version saved in the console asks every donor again', async () => {
    const token = await login(app, 'demo', 'privacy-newversion')
    assert.equal((await status(token)).data.consented, 1)
    const staff = await staffToken(app, 'demo', ['admin'])
    const saved = await staffCall(app, 'demo', 'POST', '/privacy-policy', {
      token: staff,
      body: {
        zh: { title: '隐私政策', content: '新版：我们还收集届别。' },
        en: { title: 'Privacy', content: 'New: class year too.' },
        newVersion: true
      }
    })
    assert.equal(saved.body.code, 0, JSON.stringify(saved.body))
    assert.equal(saved.body.data.version, 2)
    const audit = await app.db.selectFrom('audit_log').select('action').where('action', '=', 'privacy.policy.update').execute()
    assert.equal(audit.length, 1)
    const en = (await call<PrivacyPolicy>(app, 'demo', Api.privacyPolicy, { query: { lang: 'en' } })).body.data
    assert.deepEqual([en.version, en.content, en.isDefault], [2, 'New: class year too.', 0])
    assert.deepEqual((await status(token)).data.consented, 0)
    assert.deepEqual((await post(Api.updateUser, { nickname: '再改' }, token)).body.data, { privacyConsentRequired: 2 })
    assert.equal((await post(Api.privacyConsent, { version: 2 }, token)).body.code, 0)
    assert.equal((await post(Api.updateUser, { nickname: '再改' }, token)).body.code, 0)
    // put the default back for the other tests: a staff edit without a new version keeps 2, so reset the row
    await app.db.deleteFrom('privacy_policy').execute()
  })
})

describe("download of one's own data", () => {
  it("holds the caller's profile, gifts, messages, certificates, receipts and consents, and nothing of anyone else", async () => {
    const alice = await login(app, 'demo', 'privacy-export-alice')
    const bob = await login(app, 'demo', 'privacy-export-bob')
    const a = await paidGift(app, 'demo', alice, avenue, { formDataMap: { name: '爱丽丝赟', mobile: '86-13800000001', isAlumni: '0' } })
    const b = await paidGift(app, 'demo', bob, avenue, { formDataMap: { name: '鲍勃喆', mobile: '86-13800000002', isAlumni: '0' } })
    assert.equal((await post(Api.insertLeaveword, { itemsId: avenue, content: '爱丽丝的留言' }, alice)).body.code, 0)
    assert.equal((await post(Api.insertLeaveword, { itemsId: avenue, content: '鲍勃的留言' }, bob)).body.code, 0)
    assert.equal(
      (
        await post(
          Api.certificateInsert,
          { certificateWay: 2, postalAddress: '爱丽丝路1号', postalContact: '爱丽丝赟', postalMobile: '86-13800000001', donateIds: [a.id] },
          alice
        )
      ).body.code,
      0
    )
    const res = await call<PrivacyExport>(app, 'demo', Api.privacyExport, { token: alice })
    assert.equal(res.body.code, 0)
    const e = res.body.data
    const text = JSON.stringify(e)
    assert.equal(e.profile.open_id, 'privacy-export-alice')
    assert.deepEqual(
      e.gifts.map((g) => g.bill_no),
      [a.bill_no]
    )
    assert.equal(e.gifts[0].amount_fen, 10000)
    assert.ok(text.includes('爱丽丝赟') && text.includes('爱丽丝的留言') && text.includes('爱丽丝路1号'))
    assert.equal(e.messages.length, 1)
    assert.equal(e.certificateRequests.length, 1)
    assert.equal(e.consents.length, 1)
    for (const other of [b.bill_no, '鲍勃喆', '鲍勃的留言', '13800000002', 'privacy-export-bob']) {
      assert.ok(!text.includes(other), `alice's export holds ${other}`)
    }
    assert.ok(!/secret_hash|token_hash|school_id/.test(text), 'no secrets or internal keys')
    // without a session: -997
    assert.equal((await call(app, 'demo', Api.privacyExport)).body.code, -997)
  })
})

describe('account deletion', () => {
  it("erases the donor, ends the sessions, a new sign-in is a new empty account, and the foundation's totals stay", async () => {
    const openId = 'privacy-delete-me'
    const token = await login(app, 'demo', openId)
    const userId = await userIdOf(app, 'demo', openId)
    const gift = await paidGift(app, 'demo', token, avenue, {
      formDataMap: { name: '将注销赟', mobile: '86-13800000009', isAlumni: '0' },
      isNeedReceipt: 1,
      receiptDonorType: 1,
      receiptDonorName: '将注销赟',
      creditCode: '11010519491231002X',
      receiptType: 2,
      receiptWay: 3,
      postalEmail: 'delete-me@example.com'
    })
    assert.equal((await post(Api.insertLeaveword, { itemsId: avenue, content: '注销前的留言' }, token)).body.code, 0)
    await app.db
      .updateTable('app_user')
      .set({ name: '将注销赟', mobile: '13800000009', id_no: '11010519491231002X' })
      .where('id', '=', userId)
      .execute()
    await app.db.updateTable('project').set({ is_audit_message: 0 }).where('id', '=', avenue).execute()
    invalidateSchoolCache()

    const totalBefore = (await call<DirectoryTotal>(app, 'demo', Api.total)).body.data
    const projectBefore = (await call<Project>(app, 'demo', Api.itemsDetail, { query: { id: avenue } })).body.data
    const paidSum = async () =>
      Number(
        (
          await app.db
            .selectFrom('donation')
            .select((eb) => eb.fn.sum<number>('amount_fen').as('s'))
            .where('status', '=', 'paid')
            .executeTakeFirstOrThrow()
        ).s
      )
    const sumBefore = await paidSum()

    // without the confirmation nothing happens
    assert.equal((await post(Api.deleteAccount, {}, token)).body.code, -1)
    assert.equal((await status(token)).code, 0)

    const del = (await post(Api.deleteAccount, { confirm: true }, token, 'en')).body
    assert.deepEqual([del.code, del.message], [0, 'Your account has been deleted'])

    // the session is gone
    assert.equal((await call(app, 'demo', Api.centerMy, { token })).body.code, -997)
    assert.equal(
      Number(
        (
          await app.db
            .selectFrom('session')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n
      ),
      0
    )

    // the row is emptied
    const row = await app.db.selectFrom('app_user').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()
    assert.deepEqual([row.name, row.mobile, row.id_no, row.avatar, row.nickname], ['', '', '', '', ''])
    assert.notEqual(row.open_id, openId)
    assert.ok(row.deleted_at)
    const sub = await app.db.selectFrom('donation_submission').selectAll().where('donation_id', '=', gift.id).executeTakeFirstOrThrow()
    assert.deepEqual([sub.receipt_donor_name, sub.credit_code, sub.postal_email, sub.form_data], ['', '', '', '{}'])
    const receipt = await app.db.selectFrom('receipt_request').selectAll().where('donation_id', '=', gift.id).executeTakeFirst()
    if (receipt) assert.deepEqual([receipt.credit_code, receipt.postal_email], ['', ''])
    const everything = JSON.stringify([
      await app.db.selectFrom('donation').selectAll().where('user_id', '=', userId).execute(),
      await app.db.selectFrom('certificate').selectAll().where('donation_id', '=', gift.id).execute(),
      await app.db.selectFrom('receipt_request').selectAll().where('user_id', '=', userId).execute(),
      await app.db.selectFrom('donation_submission').selectAll().where('donation_id', '=', gift.id).execute()
    ])
    for (const gone of ['将注销赟', '11010519491231002X', '13800000009', 'delete-me@example.com']) {
      assert.ok(!everything.includes(gone), `${gone} is erased`)
    }

    // the gift stays, paid, with its amount; the totals do not move
    const d = await app.db.selectFrom('donation').selectAll().where('id', '=', gift.id).executeTakeFirstOrThrow()
    assert.deepEqual([d.status, Number(d.amount_fen), d.is_anonymous], ['paid', 10000, 1])
    assert.equal(await paidSum(), sumBefore)
    assert.deepEqual((await call<DirectoryTotal>(app, 'demo', Api.total)).body.data, totalBefore)
    const projectAfter = (await call<Project>(app, 'demo', Api.itemsDetail, { query: { id: avenue } })).body.data
    assert.deepEqual([projectAfter.completeMoney, projectAfter.payCounts], [projectBefore.completeMoney, projectBefore.payCounts])

    // the message stays, its author anonymous
    const wall = (await call<Page<LeaveMessage>>(app, 'demo', Api.leavewordList, { query: { itemsId: avenue, limit: 50 } })).body.data
    const m = wall.rows.find((r) => r.content === '注销前的留言')
    assert.ok(m, 'the message stays on the wall')
    assert.deepEqual([m.nickname, m.avatar], ['匿名爱心人士', ''])

    // signing in again with the same identity makes a new, empty account
    const again = await loginWithoutConsent(app, 'demo', openId)
    const me = (await call<UserCenter>(app, 'demo', Api.centerMy, { token: again })).body.data
    assert.notEqual(me.userId, userId)
    assert.deepEqual([me.donateMoney, me.donateCountItems], ['0.00', 0])
    assert.equal((await status(again)).data.consented, 0)
  })
})
