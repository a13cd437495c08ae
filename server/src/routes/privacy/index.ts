/**
 * Privacy (docs/decisions/041-privacy-and-account-deletion.md): the school's policy (public), the caller's consent,
 * the download of the caller's own data and account deletion. The user id always comes from the session.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Api } from '../../../../types'
import { deleteAccount, exportData } from '../../domain/privacy/account'
import { consentStatus, getPolicy, recordConsent } from '../../domain/privacy/service'
import { bizError } from '../../errors'
import { t } from '../../i18n'
import { answers, ok } from '../../lib/envelope'
import { signedIn } from '../../plugins/auth'
import * as W from '../../../../types/schema/privacy'
import { NoData } from '../../../../types/schema/common'
import * as R from '../../../../types/schema/requests'

export const privacyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(Api.privacyPolicy, { schema: { querystring: R.LangQuery, response: answers(W.PrivacyPolicy) } }, async (req) =>
    ok(await getPolicy(app.db, req.school, req.lang))
  )

  app.get(Api.privacyStatus, { config: signedIn, schema: { querystring: R.LangQuery, response: answers(W.PrivacyStatus) } }, async (req) =>
    ok(await consentStatus(app.db, req.school.id, req.session.user_id))
  )

  app.post(
    Api.privacyConsent,
    {
      config: signedIn,
      schema: { body: W.PrivacyConsentBody, response: answers(W.PrivacyStatus) }
    },
    async (req) => {
      await recordConsent(app.db, req.school.id, req.session.user_id, req.body.version, 'prompt')
      return ok(await consentStatus(app.db, req.school.id, req.session.user_id), t(req.lang, 'privacyConsentOk'))
    }
  )

  app.get(Api.privacyExport, { config: signedIn, schema: { querystring: R.LangQuery, response: answers(W.PrivacyExport) } }, async (req) =>
    ok(await exportData(app.db, req.school, req.session.user_id))
  )

  app.post(
    Api.deleteAccount,
    {
      config: signedIn,
      schema: { body: W.DeleteAccountBody, response: answers(NoData) }
    },
    async (req) => {
      // the app's confirmation dialog sends it: a stray call deletes nothing
      if (req.body.confirm !== true) throw bizError('accountDeleteConfirm')
      await deleteAccount(app.db, app.identity.storage, req.school.id, req.session.user_id)
      return ok(null, t(req.lang, 'accountDeleted'))
    }
  )
}
