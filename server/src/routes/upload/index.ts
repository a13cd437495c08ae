/**
 * POST S/api/v1/file/upload (docs/product §7): multipart field `file`, signed-in donors only. Rate, free disk and a used-up
 * quota are checked before the body is read (domain/upload/policy.ts). The body is read here with a hard 5 MB cap:
 * a larger file is cut off by the parser (`truncated`), refused with -1, and never handed to storage, so no partial
 * file exists anywhere. The type is sniffed from the bytes (domain/upload/sniff.ts).
 */
import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Api, ResultCode, UPLOAD_LIMITS } from '../../../../types'
import { admitUpload } from '../../domain/upload/policy'
import { saveUpload } from '../../domain/upload/service'
import { AppError, bizError } from '../../errors'
import { answers, ok } from '../../lib/envelope'
import { signedIn } from '../../plugins/auth'
import { FileUploadAnswer } from '../../../../types/schema/center'

/** The single file part of a multipart request, read whole (at most `max` bytes) or refused. */
export async function readSingleFile(req: FastifyRequest, max: number): Promise<Buffer> {
  if (!req.isMultipart()) throw bizError('uploadMissing')
  try {
    return await readFilePart(req, max)
  } catch (err) {
    // the multipart parser throws plain errors on a malformed body ("Boundary not found", "Unexpected end of
    // multipart data"): the client's fault, a 400 like any malformed request, not a 500
    if (err instanceof AppError) throw err
    throw new AppError('badRequest', ResultCode.ERROR, 400)
  }
}

async function readFilePart(req: FastifyRequest, max: number): Promise<Buffer> {
  const part = await req.file({ limits: { fileSize: max, files: 1, fields: 10, parts: 12, fieldSize: 4096 } })
  if (!part || part.fieldname !== 'file') {
    part?.file.resume()
    throw bizError('uploadMissing')
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size <= max) chunks.push(chunk)
  }
  if (part.file.truncated || size > max) throw bizError('uploadTooLarge', { max: Math.round(max / (1024 * 1024)) })
  if (!size) throw bizError('uploadMissing')
  return Buffer.concat(chunks)
}

export const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: UPLOAD_LIMITS.MAX_BYTES, files: 1 } })

  app.post(Api.fileUpload, { config: signedIn, schema: { response: answers(FileUploadAnswer) } }, async (req) => {
    const userId = req.session.user_id
    const storage = app.identity.storage
    await admitUpload(app.uploads, app.db, storage, { schoolId: req.school.id, userId, ip: req.ip, now: app.identity.now() })
    const data = await readSingleFile(req, UPLOAD_LIMITS.MAX_BYTES)
    const fileUrl = await saveUpload(app.db, storage, app.uploads.policy, {
      schoolId: req.school.id,
      schoolCode: req.school.code,
      userId,
      data,
      now: app.identity.now()
    })
    return ok({ fileUrl })
  })
}
