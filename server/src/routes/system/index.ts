import type { FastifyInstance } from 'fastify'
import { authRoutes } from './auth'
import { dictionaryRoutes } from './dictionary'

/** docs/product §7 Bootstrap calls under S = /uplus-system. */
export async function systemRoutes(app: FastifyInstance) {
  await app.register(authRoutes)
  await app.register(dictionaryRoutes)
}
