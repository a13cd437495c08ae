/**
 * Agreements (docs/product §7 Agreements; docs/decisions/017-agreements.md): hhu tree agreements and cpu large-gift
 * agreements. Every call is signed in and works on the caller's own agreements only. The signature calls are
 * multipart (the PNG as `file`, plus `pdfUrl` or `signAgreementId`), read here with a hard size cap.
 */
import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import path from 'node:path'
import { AGREEMENT_LIMITS, Api, ResultCode } from '../../../../types'
import {
  agreementDetail,
  agreementPages,
  agreementProjects,
  generateAgreement,
  retryAgreement,
  mySignedCpu,
  signCpu,
  signHhu,
  type AgreementDeps,
  type Caller
} from '../../domain/agreement/service'
import { AppError, bizError } from '../../errors'
import { answers, ok } from '../../lib/envelope'
import { signedIn, signedInWithConsent } from '../../plugins/auth'
import * as W from '../../../../types/schema/agreement'
import { Str } from '../../../../types/schema/common'
import * as R from '../../../../types/schema/requests'

interface SignatureForm {
  file: Buffer
  fields: Record<string, string>
}

/** The multipart body of a signature: text fields in any order and one `file` part of at most `max` bytes. */
async function readSignatureForm(req: FastifyRequest, max: number): Promise<SignatureForm> {
  if (!req.isMultipart()) throw bizError('agreementSignatureMissing')
  const fields: Record<string, string> = {}
  let file: Buffer | null = null
  let tooLarge = false
  try {
    for await (const part of req.parts({ limits: { fileSize: max, files: 1, fields: 8, parts: 9, fieldSize: 1024 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value
        continue
      }
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length
        if (size <= max) chunks.push(chunk)
      }
      if (part.fieldname !== 'file') continue
      if (part.file.truncated || size > max) tooLarge = true
      file = Buffer.concat(chunks)
    }
  } catch (err) {
    if (err instanceof AppError) throw err
    // a malformed multipart body is the client's fault (a 400 like any malformed request), never a 500
    throw new AppError('badRequest', ResultCode.ERROR, 400)
  }
  if (tooLarge) throw bizError('agreementSignatureTooLarge', { max: Math.round(max / 1024) })
  if (!file || !file.length) throw bizError('agreementSignatureMissing')
  return { file, fields }
}

export const agreementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: AGREEMENT_LIMITS.SIGNATURE_MAX_BYTES, files: 1 } })
  const deps: AgreementDeps = {
    db: app.db,
    storage: app.identity.storage,
    filesDir: path.join(app.dataDir, 'files'),
    now: () => app.identity.now(),
    gate: app.agreementGate,
    kick: () => app.jobs.kick()
  }
  const caller = (req: FastifyRequest & { session: { user_id: number } }): Caller => ({
    schoolId: req.school.id,
    schoolCode: req.school.code,
    userId: req.session.user_id,
    lang: req.lang,
    ip: req.ip
  })

  app.post(
    Api.hhuAgreementGeneration,
    {
      config: signedInWithConsent,
      schema: { body: W.HhuAgreementGeneration, response: answers(W.HhuAgreementAnswer) }
    },
    async (req) => {
      const { name, mobile, donationAmount, itemsId, canPoll } = req.body
      const g = await generateAgreement(
        deps,
        caller(req),
        { kind: 'hhu', name, mobile, donationAmount, itemsId: itemsId ?? undefined },
        { canPoll: canPoll === 1 }
      )
      // a client from before decision 039 reads the bare link
      return canPoll === 1 ? ok({ id: g.id, url: g.url, status: g.status }) : ok(g.url)
    }
  )

  app.post(Api.hhuAgreementSignature, { config: signedInWithConsent, schema: { response: answers(Str) } }, async (req) => {
    const form = await readSignatureForm(req, AGREEMENT_LIMITS.SIGNATURE_MAX_BYTES)
    return ok(await signHhu(deps, caller(req), form.fields.pdfUrl ?? '', form.file))
  })

  app.get(
    Api.cpuAgreementProjects,
    { config: signedIn, schema: { querystring: R.LangQuery, response: answers(W.CpuAgreementProjects) } },
    async (req) => ok(await agreementProjects(app.db, req.school.id))
  )

  app.post(
    Api.cpuAgreementGeneration,
    {
      config: signedInWithConsent,
      schema: { body: W.CpuAgreementGeneration, response: answers(W.CpuAgreementGenerated) }
    },
    async (req) => {
      const { name, mobile, donationAmount, donateItemId, idNo, canPoll } = req.body
      const g = await generateAgreement(
        deps,
        caller(req),
        { kind: 'cpu', name, mobile, donationAmount, idNo, itemsId: donateItemId },
        { canPoll: canPoll === 1 }
      )
      return ok({ id: g.id, unilateralAgreementUrl: g.url, status: g.status })
    }
  )

  app.post(Api.cpuAgreementSignature, { config: signedInWithConsent, schema: { response: answers(Str) } }, async (req) => {
    const form = await readSignatureForm(req, AGREEMENT_LIMITS.SIGNATURE_MAX_BYTES)
    const id = Number(form.fields.signAgreementId)
    if (!Number.isSafeInteger(id) || id < 1) throw bizError('agreementNotFound')
    return ok(await signCpu(deps, caller(req), id, form.file))
  })

  app.get(
    Api.cpuAgreementMine,
    { config: signedIn, schema: { querystring: R.LangQuery, response: answers(W.CpuAgreements) } },
    async (req) => ok(await mySignedCpu(app.db, req.school.id, req.session.user_id))
  )

  app.get(
    Api.agreementPages,
    { config: signedIn, schema: { querystring: W.AgreementPagesQuery, response: answers(W.AgreementPages) } },
    async (req) => ok(await agreementPages(app.db, req.school.id, req.session.user_id, req.query.url))
  )

  app.get(
    Api.agreementDetail,
    { config: signedIn, schema: { querystring: R.IdQuery, response: answers(W.AgreementDetail) } },
    async (req) => ok(await agreementDetail(app.db, caller(req), req.query.id))
  )

  app.post(
    Api.agreementRetry,
    { config: signedIn, schema: { body: W.AgreementRetryBody, response: answers(W.AgreementDetail) } },
    async (req) => ok(await retryAgreement(deps, caller(req), req.body.id))
  )
}
