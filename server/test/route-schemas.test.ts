/**
 * Route schemas and the session hook (docs/decisions/014).
 *   - every JSON route declares its answer, or the app does not start;
 *   - a response schema drops undeclared keys and turns null into "" silently: `strictResponses` (on in every test
 *     app) turns both into a 500 naming the field, so the whole suite checks the schemas against the services;
 *   - refusals are written as they are, not through the success schema (their data survives);
 *   - the session comes from one preHandler: -997 before the handler runs, a body `token` still counts, an optional
 *     route treats a bad token as no session, and a route that reads req.session without asking for it is a 500.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import Fastify, { type FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { Api, ResultCode } from '../../types'
import { AppError } from '../src/errors'
import { answers, ok } from '../src/lib/envelope'
import { installSession } from '../src/plugins/auth'
import { installEnvelope } from '../src/plugins/envelope'
import { call, login, startApp, type TestContext } from './helpers'
import { SCHOLARSHIP } from './center-fixtures'
import { projectIdOf } from './order-fixtures'

const notFound = () => undefined

/** A bare Fastify app with the envelope plugin and one answer schema: {name: string}. */
async function tiny(opts: { strict: boolean }, answer: () => unknown) {
  const app = Fastify()
  installEnvelope(app, { notFound, strictResponses: opts.strict })
  app.get('/api/demo/thing', { schema: { response: answers(Type.Object({ name: Type.String() })) } }, async () => answer())
  await app.ready()
  return app
}

describe('response schemas', () => {
  it('a JSON route without a response schema stops the app from starting', async () => {
    const app = Fastify()
    installEnvelope(app, { notFound })
    await assert.rejects(async () => {
      app.get('/api/demo/bare', async () => ok(1))
      await app.ready()
    }, /GET \/api\/demo\/bare has no response schema/)
    await app.close()
    // provider callbacks and files are not JSON envelopes: they need none
    const other = Fastify()
    installEnvelope(other, { notFound })
    other.post('/notify/:school/:provider', async () => 'success')
    await other.ready()
    await other.close()
  })

  it('without the strict check a field the schema does not name vanishes and a null becomes ""', async () => {
    const app = await tiny({ strict: false }, () => ok({ name: null, secretExtra: 'x' }))
    const res = await app.inject({ url: '/api/demo/thing' })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { code: 0, message: 'success', data: { name: '' } })
    await app.close()
  })

  it('the strict check (every test app) makes an undeclared field a 500 naming it', async () => {
    const app = await tiny({ strict: true }, () => ok({ name: 'a', secretExtra: 'x' }))
    const res = await app.inject({ url: '/api/demo/thing' })
    assert.equal(res.statusCode, 500)
    assert.match(
      res.json().message,
      /GET \/api\/demo\/thing does not match its response schema: \/data must NOT have additional properties 'secretExtra'/
    )
    await app.close()
  })

  it('the strict check makes a null where the schema wants a string a 500', async () => {
    const app = await tiny({ strict: true }, () => ok({ name: null }))
    const res = await app.inject({ url: '/api/demo/thing' })
    assert.equal(res.statusCode, 500)
    assert.match(res.json().message, /\/data\/name must be string/)
    await app.close()
  })

  it('a matching answer passes the strict check unchanged', async () => {
    const app = await tiny({ strict: true }, () => ok({ name: '赟喆䶮' }))
    assert.deepEqual((await app.inject({ url: '/api/demo/thing' })).json(), { code: 0, message: 'success', data: { name: '赟喆䶮' } })
    await app.close()
  })

  it('a refusal keeps its own code and data, whatever the success schema says', async () => {
    // written with the success schema, {errorCode} would lose its key and the required `name` would be a 500
    const app = await tiny({ strict: false }, () => {
      throw new AppError('alumniOnly', ResultCode.NOT_REGISTERED, 200, {}, { errorCode: '0201' })
    })
    const res = await app.inject({ url: '/api/demo/thing?lang=en' })
    assert.equal(res.statusCode, 200)
    const body = res.json() as { code: number; message: string; data: unknown }
    assert.deepEqual([body.code, body.data], [ResultCode.NOT_REGISTERED, { errorCode: '0201' }])
    assert.ok(body.message.length > 0)
    await app.close()
  })
})

describe('session hook (unit)', () => {
  it('a handler that reads req.session on a route that did not ask for it fails loudly instead of answering as nobody', async () => {
    const app = Fastify()
    installEnvelope(app, { notFound })
    installSession(app)
    app.get('/api/demo/forgot', { schema: { response: answers(Type.Number()) } }, async (req) => ok(req.session.user_id))
    app.get('/api/demo/forgot-optional', { schema: { response: answers(Type.Null()) } }, async (req) => ok(req.optionalSession && null))
    await app.ready()
    for (const url of ['/api/demo/forgot', '/api/demo/forgot-optional']) {
      const res = await app.inject({ url })
      assert.equal(res.statusCode, 500, url)
      assert.equal(res.json().code, ResultCode.ERROR)
    }
    await app.close()
  })
})

describe('session hook (app)', () => {
  let ctx: TestContext
  let app: FastifyInstance
  let token: string
  let itemsId: number
  /** a project that takes messages */
  let wall: number
  before(async () => {
    ctx = await startApp()
    app = ctx.app
    token = await login(app, 'demo', 'schema-hook-donor')
    itemsId = await projectIdOf(app, 'demo', SCHOLARSHIP)
    wall = (
      await app.db
        .selectFrom('project as p')
        .innerJoin('school as s', 's.id', 'p.school_id')
        .select('p.id')
        .where('s.code', '=', 'demo')
        .where('p.is_leave_message', '=', 1)
        .executeTakeFirstOrThrow()
    ).id
  })
  after(async () => {
    await ctx.close()
  })

  const messages = async () =>
    Number(
      (
        await app.db
          .selectFrom('leave_message')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n
    )

  it('a signed-in route answers -997 before its handler runs: nothing is written', async () => {
    const before = await messages()
    for (const t of [undefined, 'not-a-token']) {
      const r = await call(app, 'demo', Api.insertLeaveword, { method: 'POST', body: { itemsId: wall, content: 'no session' }, token: t })
      assert.equal(r.body.code, ResultCode.TOKEN_INVALID)
    }
    assert.equal(await messages(), before)
  })

  it('validation still comes first: a malformed body without a token is a 400, not -997', async () => {
    const r = await call(app, 'demo', Api.insertLeaveword, { method: 'POST', body: { itemsId: 'abc', content: 'x' } })
    assert.equal(r.status, 400)
    assert.equal(r.body.code, ResultCode.ERROR)
  })

  it("the product docs' body `token` is a session like the Authorization header", async () => {
    const before = await messages()
    const r = await call(app, 'demo', Api.insertLeaveword, { method: 'POST', body: { itemsId: wall, content: 'body token', token } })
    assert.equal(r.body.code, 0, r.body.message)
    assert.equal(await messages(), before + 1)
  })

  it('an optional-session route answers a stale token as a visitor, never -997', async () => {
    const visitor = await call(app, 'demo', Api.formDetail, { query: { itemsId } })
    const stale = await call(app, 'demo', Api.formDetail, { query: { itemsId }, token: 'stale-token' })
    assert.equal(stale.body.code, 0, stale.body.message)
    assert.deepEqual(stale.body.data, visitor.body.data)
    // the same stale token on a signed-in route is -997
    assert.equal((await call(app, 'demo', Api.certificateConfig, { token: 'stale-token' })).body.code, ResultCode.TOKEN_INVALID)
  })
})
