/**
 * Fulfilment by foundation staff: staff accounts and tokens kept apart from donors, the allowed forward moves only
 * (certificate 1->2|3 by way, 2->4 with courier, 3->5; receipt 1->2|3|6 by way, 2->4 with courier, 3->5, 6->7 with
 * the file), each recorded with who and when, a race between two staff, the receipt file by content, and the CLI
 * (cli/staff.ts) doing the same through the same service functions against this test's database: in-process through
 * runStaffCli(), plus one run of the real entry point as a child process. Donor text reaches the staff terminal
 * without escape sequences, controls or bidi overrides.
 */
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { runStaffCli } from '../src/cli/staff'
import { Api, ResultCode, type ApplyAnswer, type CertificateRecord, type ReceiptRecord } from '../../types'
import { saveFulfilmentConfig } from '../src/domain/fulfilment/config'
import { nextStatuses } from '../src/domain/fulfilment/state'
import type { StaffApplication } from '../src/domain/fulfilment/applications'
import { createStaff } from '../src/domain/staff/service'
import { call, login, startApp, type TestContext } from './helpers'
import { SCHOLARSHIP, count, paidGift, projectIdOf } from './center-fixtures'
import { schoolIdOf } from './order-fixtures'

const runChild = promisify(execFile)
const REPO = path.resolve(__dirname, '../..')
const TSX = path.join(REPO, 'node_modules/.bin/tsx')

let ctx: TestContext
let app: FastifyInstance
let sid: number
let donor: string
let staffToken: string
let gifts: number[]

before(async () => {
  ctx = await startApp()
  app = ctx.app
  sid = await schoolIdOf(app, 'demo')
  await saveFulfilmentConfig(app.db, sid, {
    isOpenPaper: true,
    certificateWays: [1, 2],
    isOpenReceipt: true,
    validType: 1,
    isCreditCode: false
  })
  await createStaff(app.db, sid, { username: 'Li.Staff', password: 'staff-password-1', displayName: '李老师' })
  await createStaff(app.db, sid, { username: 'wang', password: 'staff-password-2' })
  donor = await login(app, 'demo', 'fulfil-donor')
  const scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  gifts = []
  for (let i = 0; i < 8; i++) gifts.push((await paidGift(app, 'demo', donor, scholarship, { currencyMoney: `${100 + i}.00` })).id)
})
after(async () => {
  await ctx.close()
})

async function staffCall<T>(
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string | null; body?: unknown; school?: string; auth?: string } = {}
) {
  const headers: Record<string, string> = {}
  const token = opts.token === undefined ? staffToken : opts.token
  if (opts.auth) headers.authorization = opts.auth
  else if (token) headers.authorization = `Staff ${token}`
  const res = await app.inject({
    method,
    url: `/staff-api/${opts.school ?? 'demo'}${url}`,
    headers,
    ...(opts.body !== undefined ? { payload: opts.body as object } : {})
  })
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: T } }
}
const advance = (kind: string, id: number, body: Record<string, unknown>) =>
  staffCall<StaffApplication>('POST', `/applications/${kind}/${id}/advance`, { body })
const applyCert = async (body: Record<string, unknown>) =>
  (await call<ApplyAnswer>(app, 'demo', Api.certificateInsert, { method: 'POST', body, token: donor })).body.data.ids[0]
const applyReceipt = async (body: Record<string, unknown>) => {
  const r = (await call<ApplyAnswer>(app, 'demo', Api.receiptInsert, { method: 'POST', body, token: donor })).body
  assert.equal(r.code, 0, r.message)
  return r.data.ids[0]
}
const mail = { certificateWay: 2, postalAddress: '南京市鼓楼区汉口路22号', postalContact: '张三', postalMobile: '86-13800138000' }
const history = (kind: string, id: number) =>
  app.db
    .selectFrom('fulfilment_history')
    .selectAll()
    .where('kind', '=', kind as 'receipt')
    .where('request_id', '=', id)
    .orderBy('id')
    .execute()

describe('staff sign-in and token separation', () => {
  it('wrong name or password: -1; right: a staff token (password stored as scrypt)', async () => {
    assert.equal(
      (await staffCall('POST', '/login', { token: null, body: { username: 'li.staff', password: 'nope' } })).body.message,
      '账号或密码错误'
    )
    assert.equal(
      (await staffCall('POST', '/login', { token: null, body: { username: 'ghost', password: 'staff-password-1' } })).body.code,
      ResultCode.ERROR
    )
    const r = await staffCall<{ token: string }>('POST', '/login', {
      token: null,
      body: { username: 'LI.STAFF', password: 'staff-password-1' }
    })
    assert.equal(r.body.code, 0, r.body.message)
    staffToken = r.body.data.token
    const row = await app.db.selectFrom('staff').select('password_hash').where('username', '=', 'li.staff').executeTakeFirstOrThrow()
    assert.match(row.password_hash, /^scrypt\$/)
  })
  it("a donor token, a bare staff token, or another school's path is -997; a staff token is nothing to the donor API", async () => {
    assert.equal((await staffCall('GET', '/applications?kind=certificate', { auth: donor })).body.code, ResultCode.TOKEN_INVALID)
    assert.equal((await staffCall('GET', '/applications?kind=certificate', { auth: `Staff ${donor}` })).body.code, ResultCode.TOKEN_INVALID)
    assert.equal((await staffCall('GET', '/applications?kind=certificate', { auth: staffToken })).body.code, ResultCode.TOKEN_INVALID)
    assert.equal(
      (await staffCall('GET', '/applications?kind=certificate', { auth: `Bearer ${staffToken}` })).body.code,
      ResultCode.TOKEN_INVALID
    )
    assert.equal((await staffCall('GET', '/applications?kind=certificate', { school: 'hhu' })).body.code, ResultCode.TOKEN_INVALID)
    assert.equal((await staffCall('GET', '/applications?kind=certificate', { token: null })).body.code, ResultCode.TOKEN_INVALID)
    assert.equal((await call(app, 'demo', Api.centerMy, { token: staffToken })).body.code, ResultCode.TOKEN_INVALID)
    assert.equal((await call(app, 'demo', Api.centerMy, { token: `Staff ${staffToken}` })).body.code, ResultCode.TOKEN_INVALID)
  })
})

describe('the transition table', () => {
  it('only forward moves that match the way', () => {
    const table = (kind: 'certificate' | 'receipt', ways: number[], statuses: number[]) =>
      Object.fromEntries(ways.map((w) => [w, Object.fromEntries(statuses.map((s) => [s, nextStatuses(kind, s, w)]))]))
    assert.deepEqual(table('certificate', [1, 2], [1, 2, 3, 4, 5]), {
      1: { 1: [3], 2: [4], 3: [5], 4: [], 5: [] },
      2: { 1: [2], 2: [4], 3: [5], 4: [], 5: [] }
    })
    assert.deepEqual(table('receipt', [1, 2, 3, 4], [1, 6, 7]), {
      1: { 1: [3], 6: [7], 7: [] },
      2: { 1: [2], 6: [7], 7: [] },
      3: { 1: [6], 6: [7], 7: [] },
      4: { 1: [6], 6: [7], 7: [] }
    })
    assert.deepEqual(
      [nextStatuses('receipt', 2, 2), nextStatuses('receipt', 3, 1), nextStatuses('receipt', 4, 2), nextStatuses('receipt', 5, 1)],
      [[4], [5], [], []]
    )
  })
})

describe('certificates', () => {
  it('mailed: 1 -> 2 -> 4 with courier; skips, backward moves and the pickup branch are refused; each move in the history', async () => {
    const id = await applyCert({ ...mail, donateIds: [gifts[0]] })
    const pending = (await staffCall<{ total: number; rows: StaffApplication[] }>('GET', '/applications?kind=certificate')).body.data
    assert.ok(pending.rows.some((r) => r.id === id && r.next[0] === 2 && r.postalAddress === mail.postalAddress))
    for (const to of [3, 4, 5, 1, 0, 9]) {
      const r = await advance('certificate', id, { to })
      assert.equal(r.body.code, ResultCode.ERROR, `1 -> ${to}`)
      assert.equal(r.body.message, `不能从状态1变更为${to}`)
    }
    assert.equal((await advance('certificate', id, { to: 2 })).body.code, 0)
    assert.equal((await advance('certificate', id, { to: 4, expressCompany: '顺丰速运' })).body.message, '请填写快递公司和快递单号')
    assert.equal((await advance('certificate', id, { to: 4, expressCompany: ' ', expressNo: 'SF1' })).body.code, ResultCode.ERROR)
    const done = await advance('certificate', id, { to: 4, expressCompany: '顺丰速运', expressNo: 'SF1234567890' })
    assert.equal(done.body.code, 0, done.body.message)
    for (const to of [1, 2, 3, 5]) assert.equal((await advance('certificate', id, { to })).body.code, ResultCode.ERROR, `4 -> ${to}`)

    const h = await history('certificate', id)
    const staffId = (await app.db.selectFrom('staff').select('id').where('username', '=', 'li.staff').executeTakeFirstOrThrow()).id
    assert.deepEqual(
      h.map((x) => [x.action, x.from_status, x.to_status, x.staff_id]),
      [
        ['advance', 1, 2, staffId],
        ['advance', 2, 4, staffId]
      ]
    )
    assert.deepEqual(JSON.parse(h[1].detail), { expressCompany: '顺丰速运', expressNo: 'SF1234567890' })
    assert.ok(h.every((x) => Date.now() - Date.parse(x.created_at) < 60_000))

    const seen = (await call<CertificateRecord>(app, 'demo', Api.certificateDetail, { query: { id }, token: donor })).body.data
    assert.deepEqual([seen.status, seen.expressCompanyTitle, seen.expressOrderNo], [4, '顺丰速运', 'SF1234567890'])
    const detail = (await staffCall<{ history: { staff: string }[] }>('GET', `/applications/certificate/${id}`)).body.data
    assert.deepEqual(
      detail.history.map((x) => x.staff),
      ['li.staff', 'li.staff']
    )
  })
  it('pickup: 1 -> 3 -> 5; 1 -> 2 refused', async () => {
    const id = await applyCert({ certificateWay: 1, donateIds: [gifts[1]] })
    assert.equal((await advance('certificate', id, { to: 2 })).body.code, ResultCode.ERROR)
    assert.equal((await advance('certificate', id, { to: 3 })).body.code, 0)
    assert.equal((await advance('certificate', id, { to: 5 })).body.code, 0)
    const pending = (await staffCall<{ rows: StaffApplication[] }>('GET', '/applications?kind=certificate&status=pending')).body.data
    assert.ok(!pending.rows.some((r) => r.id === id), 'finished applications leave the queue')
  })
  it("another school's staff cannot see or move it; an unknown id is -1", async () => {
    const id = await applyCert({ ...mail, donateIds: [gifts[2]] })
    const hhu = await schoolIdOf(app, 'hhu')
    await createStaff(app.db, hhu, { username: 'hhu-staff', password: 'hhu-password-1' })
    const t = (
      await staffCall<{ token: string }>('POST', '/login', {
        token: null,
        school: 'hhu',
        body: { username: 'hhu-staff', password: 'hhu-password-1' }
      })
    ).body.data.token
    const moved = await staffCall('POST', `/applications/certificate/${id}/advance`, { school: 'hhu', token: t, body: { to: 2 } })
    assert.deepEqual([moved.body.code, moved.body.message], [ResultCode.ERROR, '申请不存在'])
    const listed = (await staffCall<{ total: number }>('GET', '/applications?kind=certificate&status=all', { school: 'hhu', token: t }))
      .body.data
    assert.equal(listed.total, 0)
    assert.equal((await advance('certificate', 99_999_999, { to: 2 })).body.message, '申请不存在')
  })
  it('two staff moving the same application at once: one move, one history row', async () => {
    const id = await applyCert({ ...mail, donateIds: [gifts[3]] })
    const wang = (
      await staffCall<{ token: string }>('POST', '/login', { token: null, body: { username: 'wang', password: 'staff-password-2' } })
    ).body.data.token
    const rs = await Promise.all([
      advance('certificate', id, { to: 2 }),
      staffCall('POST', `/applications/certificate/${id}/advance`, { token: wang, body: { to: 2 } }),
      advance('certificate', id, { to: 2 })
    ])
    assert.equal(rs.filter((r) => r.body.code === 0).length, 1)
    assert.equal((await history('certificate', id)).length, 1)
  })
})

describe('receipts', () => {
  const emailReceipt = { donorType: 2, donorName: '南京某科技有限公司', receiptType: 2, receiptWay: 3, postalEmail: 'finance@example.com' }
  const upload = async (id: number, data: Buffer, filename = 'receipt.pdf') => {
    const boundary = '----staffupload'
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`)
    ])
    const res = await app.inject({
      method: 'POST',
      url: `/staff-api/demo/receipts/${id}/file`,
      headers: { authorization: `Staff ${staffToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload
    })
    return res.json() as { code: number; message: string; data: { fileUrl: string } }
  }
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

  it('electronic: 1 -> 6; 6 -> 7 needs the file; the file is checked by content; after 7 it is locked', async () => {
    const id = await applyReceipt({ ...emailReceipt, donateRecordIds: [gifts[4]] })
    assert.equal((await advance('receipt', id, { to: 2 })).body.code, ResultCode.ERROR)
    assert.equal((await advance('receipt', id, { to: 6 })).body.code, 0)
    assert.equal((await advance('receipt', id, { to: 7 })).body.message, '请先上传票据文件')
    const exe = await upload(id, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]))
    assert.deepEqual([exe.code, exe.message], [ResultCode.ERROR, '票据文件须为 PDF、JPEG 或 PNG'])
    const up = await upload(id, PDF)
    assert.equal(up.code, 0, up.message)
    assert.match(up.data.fileUrl, /^\/files\/receipts\/demo\/[A-Za-z0-9_-]+\.pdf$/)
    assert.deepEqual((await app.inject({ url: up.data.fileUrl })).rawPayload, PDF)
    assert.equal((await advance('receipt', id, { to: 7 })).body.code, 0)
    assert.equal((await upload(id, PDF)).message, '票据已发送，不能更换文件')
    const seen = (await call<ReceiptRecord>(app, 'demo', Api.receiptDetail, { query: { id }, token: donor })).body.data
    assert.deepEqual([seen.status, seen.fileUrl], [7, up.data.fileUrl])
    assert.deepEqual(
      (await history('receipt', id)).map((x) => [x.action, x.from_status, x.to_status]),
      [
        ['advance', 1, 6],
        ['attach', 6, 6],
        ['advance', 6, 7]
      ]
    )
  })
  it('express: 1 -> 2 -> 4 with courier; pickup: 1 -> 3 -> 5', async () => {
    const e = await applyReceipt({
      donorType: 1,
      donorName: '张三',
      receiptType: 1,
      receiptWay: 2,
      postalContact: '张三',
      postalMobile: '86-13800138000',
      postalAddress: '南京市',
      donateRecordIds: [gifts[5]]
    })
    assert.equal((await advance('receipt', e, { to: 6 })).body.code, ResultCode.ERROR)
    assert.equal((await advance('receipt', e, { to: 2 })).body.code, 0)
    assert.equal((await advance('receipt', e, { to: 4 })).body.code, ResultCode.ERROR)
    assert.equal((await advance('receipt', e, { to: 4, expressCompany: 'EMS', expressNo: 'E1' })).body.code, 0)
    const p = await applyReceipt({ donorType: 1, donorName: '张三', receiptType: 1, receiptWay: 1, donateRecordIds: [gifts[6]] })
    assert.equal((await advance('receipt', p, { to: 3 })).body.code, 0)
    assert.equal((await advance('receipt', p, { to: 5 })).body.code, 0)
    assert.equal((await advance('receipt', p, { to: 7 })).body.code, ResultCode.ERROR)
  })
  it('refused moves write nothing', async () => {
    const before = await count(app, 'fulfilment_history')
    const id = await applyReceipt({ ...emailReceipt, donateRecordIds: [gifts[7]] })
    for (const to of [2, 3, 4, 5, 7]) await advance('receipt', id, { to })
    assert.equal(await count(app, 'fulfilment_history'), before)
    assert.equal((await app.db.selectFrom('receipt_request').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status, 1)
  })
})

describe('the command-line tool', () => {
  /** the CLI in-process on this test's database: stdout as text; a non-zero exit rejects with what went to stderr */
  const cli = async (...args: string[]) => {
    const out: string[] = []
    const err: string[] = []
    const code = await runStaffCli([...args, '--school', 'demo'], {
      db: app.db,
      dataDir: ctx.dataDir,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env: {}
    })
    if (code !== 0) throw new Error(`exit ${code}: ${err.join('\n')}`)
    assert.deepEqual(err, [])
    return out.join('\n')
  }
  it('creates staff, lists the queue, mails a certificate and sends a receipt with its file, through the same rules', async () => {
    const scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
    const g1 = (await paidGift(app, 'demo', donor, scholarship)).id
    const g2 = (await paidGift(app, 'demo', donor, scholarship)).id
    const cert = await applyCert({ ...mail, donateIds: [g1] })
    const receipt = await applyReceipt({
      donorType: 2,
      donorName: '某公司',
      receiptType: 2,
      receiptWay: 3,
      postalEmail: 'a@b.cn',
      donateRecordIds: [g2]
    })

    assert.match(await cli('create-staff', '--username', 'zhao', '--password', 'cli-password-1', '--name', '赵老师'), /created staff zhao/)
    const listed = await cli('list')
    assert.match(listed, new RegExp(`#${cert}\\tstatus 1 -> 2`))
    assert.match(listed, new RegExp(`#${receipt}\\tstatus 1 -> 6`))
    const json = JSON.parse((await cli('list', '--kind', 'receipt', '--json')).trim()) as { rows: StaffApplication[] }
    assert.ok(json.rows.some((r) => r.id === receipt))

    await assert.rejects(
      cli('advance', '--kind', 'certificate', '--id', String(cert), '--to', '4', '--staff', 'zhao'),
      /不能从状态1变更为4/
    )
    await assert.rejects(
      cli('advance', '--kind', 'certificate', '--id', String(cert), '--to', '2', '--staff', 'nobody'),
      /staff nobody not found/
    )
    assert.match(await cli('advance', '--kind', 'certificate', '--id', String(cert), '--to', '2', '--staff', 'zhao'), /1 -> 2/)
    await assert.rejects(
      cli('advance', '--kind', 'certificate', '--id', String(cert), '--to', '4', '--staff', 'zhao'),
      /请填写快递公司和快递单号/
    )
    assert.match(
      await cli(
        'advance',
        '--kind',
        'certificate',
        '--id',
        String(cert),
        '--to',
        '4',
        '--courier',
        '顺丰速运',
        '--number',
        'SF999',
        '--staff',
        'zhao'
      ),
      /2 -> 4/
    )

    const pdf = path.join(ctx.dataDir, 'receipt-to-attach.pdf')
    writeFileSync(pdf, '%PDF-1.7\n%%EOF\n')
    await cli('advance', '--kind', 'receipt', '--id', String(receipt), '--to', '6', '--staff', 'zhao')
    const attached = await cli('attach-receipt', '--id', String(receipt), '--file', pdf, '--staff', 'zhao')
    const url = /file (\S+)/.exec(attached)?.[1]
    assert.ok(url?.startsWith('/files/receipts/demo/'))
    await cli('advance', '--kind', 'receipt', '--id', String(receipt), '--to', '7', '--staff', 'zhao')

    const c = (await call<CertificateRecord>(app, 'demo', Api.certificateDetail, { query: { id: cert }, token: donor })).body.data
    assert.deepEqual([c.status, c.expressCompanyTitle, c.expressOrderNo], [4, '顺丰速运', 'SF999'])
    const r = (await call<ReceiptRecord>(app, 'demo', Api.receiptDetail, { query: { id: receipt }, token: donor })).body.data
    assert.deepEqual([r.status, r.fileUrl], [7, url])
    assert.equal((await app.inject({ url: url! })).statusCode, 200)
    const zhao = (await app.db.selectFrom('staff').select('id').where('username', '=', 'zhao').executeTakeFirstOrThrow()).id
    assert.ok((await history('receipt', receipt)).every((h) => h.staff_id === zhao))
    const show = JSON.parse(await cli('show', '--kind', 'certificate', '--id', String(cert))) as {
      history: { staff: string; to: number }[]
    }
    assert.deepEqual(
      show.history.map((h) => [h.staff, h.to]),
      [
        ['zhao', 2],
        ['zhao', 4]
      ]
    )
  })
  it('config and donor accounts', async () => {
    const cfg = JSON.parse(await cli('config', '--open-paper', '0', '--certificate-pickup', '行政楼|王老师|86-025-1')) as {
      isOpenPaper: boolean
      certificatePickup: { name: string }
    }
    assert.deepEqual([cfg.isOpenPaper, cfg.certificatePickup.name], [false, '王老师'])
    assert.equal((await call(app, 'demo', Api.certificateConfig, { token: donor })).body.data.isOpenPaper, 0)
    await cli('config', '--open-paper', '1')
    assert.match(await cli('create-donor', '--username', 'cli.donor', '--password', 'pw-123456'), /created donor account cli.donor/)
    const { createHash } = await import('node:crypto')
    const pass = (
      await call(app, 'demo', Api.passLogin, {
        method: 'POST',
        body: { username: 'cli.donor', password: createHash('sha256').update('pw-123456').digest('hex') }
      })
    ).body
    assert.equal(pass.data.isRegister, 1)
  })
  it('refusals exit 1 with the reason on stderr in both languages; a bad option or no command says how to use it', async () => {
    const out: string[] = []
    const err: string[] = []
    const io = { db: app.db, dataDir: ctx.dataDir, out: (l: string) => out.push(l), err: (l: string) => err.push(l), env: {} }
    assert.equal(await runStaffCli(['show', '--kind', 'receipt', '--id', '99999999', '--school', 'demo'], io), 1)
    assert.equal(await runStaffCli(['--school', 'demo'], io), 1)
    assert.equal(await runStaffCli(['list', '--nope'], io), 1)
    assert.deepEqual(out, [])
    assert.equal(err[0], '申请不存在 / Application not found')
    assert.match(err[1], /^usage: staff\.ts/)
    assert.match(err[2], /nope/)
  })

  // A donor writes their name, address and contact; staff read them in a terminal. Stored as the worst case (put
  // straight into the row, whatever the API would let through): colour and screen-clearing escapes, a title-setting
  // OSC, a one-byte C1 CSI, a right-to-left override that makes "gnp.exe" read as "exe.png", and a newline plus a tab
  // that would forge a queue line of their own.
  const HOSTILE = {
    donor_name: '张\x1b[2J\x1b[31m赟喆\x1b[0m\u202Egnp.exe',
    postal_contact: 'Li\x1b]0;owned\x07 Wei',
    postal_address: '南京市\n  #999999\tstatus 1 -> 2\x9b1A'
  }
  const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/
  const hostileReceipt = async () => {
    const g = (await paidGift(app, 'demo', donor, await projectIdOf(app, 'demo', SCHOLARSHIP))).id
    const id = await applyReceipt({
      donorType: 1,
      donorName: '张赟喆',
      receiptType: 1,
      receiptWay: 2,
      postalContact: 'Li Wei',
      postalMobile: '86-13800138000',
      postalAddress: '南京市',
      donateRecordIds: [g]
    })
    await app.db.updateTable('receipt_request').set(HOSTILE).where('id', '=', id).execute()
    return id
  }

  it('donor text reaches the terminal without escape sequences, controls or bidi overrides, in lines, JSON and show', async () => {
    const id = await hostileReceipt()
    const listed = await cli('list', '--kind', 'receipt')
    assert.doesNotMatch(listed, CONTROL)
    const line = listed.split('\n').find((l) => l.startsWith(`  #${id}\t`))
    assert.ok(line, listed)
    // the name and address read as typed, minus the controls; the forged line stays inside the real one
    assert.match(line, /\t张赟喆gnp\.exe\tLi Wei 86-13800138000 南京市   #999999 status 1 -> 2$/)
    assert.ok(!listed.split('\n').some((l) => l.startsWith('  #999999')))

    const json = await cli('list', '--kind', 'receipt', '--json')
    assert.doesNotMatch(json, CONTROL)
    // removed, not merely escaped: JSON.stringify alone escapes C0 but prints U+202E and the C1 byte as they are
    assert.doesNotMatch(json, /\\u001b|\\u0007/)
    const row = (JSON.parse(json) as { rows: StaffApplication[] }).rows.find((r) => r.id === id)!
    assert.deepEqual([row.donorName, row.postalContact, row.postalAddress], ['张赟喆gnp.exe', 'Li Wei', '南京市   #999999 status 1 -> 2'])

    const shown = await cli('show', '--kind', 'receipt', '--id', String(id))
    assert.doesNotMatch(shown, CONTROL)
    assert.equal((JSON.parse(shown) as StaffApplication).donorName, '张赟喆gnp.exe')
    // what is stored is left alone: only the printing is made safe
    assert.equal(
      (await app.db.selectFrom('receipt_request').select('donor_name').where('id', '=', id).executeTakeFirstOrThrow()).donor_name,
      HOSTILE.donor_name
    )
  })

  it('the real entry point (tsx server/src/cli/staff.ts) works on the same database and prints the same safe text', async () => {
    const id = await hostileReceipt()
    const env = { ...process.env, DATA_DIR: ctx.dataDir, DATABASE_URL: ctx.databaseUrl ?? '' }
    const { stdout, stderr } = await runChild(
      TSX,
      [path.join(REPO, 'server/src/cli/staff.ts'), 'list', '--kind', 'receipt', '--school', 'demo'],
      { env, cwd: REPO }
    )
    assert.doesNotMatch(stdout, CONTROL)
    assert.match(stdout, new RegExp(`^  #${id}\\tstatus 1 -> 2\\t.*\\t张赟喆gnp\\.exe\\t`, 'm'))
    assert.doesNotMatch(stderr, /error/i)
  })
})
