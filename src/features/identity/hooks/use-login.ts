/**
 * The login page's state and actions (docs/product §2 Other: login; §4 SMS countdown, login state; §5 Login; §8).
 * Query: `bind=1` when the signed-in user binds a mobile (from mine's prompt: the token goes along), `from` an app
 * page to return to (set by ensureLogin on H5); otherwise success goes to mine.
 */
import { useEffect, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { SMS_LIMITS } from '@contract'
import { platform } from '@/platform'
import { toast } from '@/lib/quiet'
import { useFormErrors } from '@/components/form-kit'
import { ROUTES, routeUrl } from '@/lib/routes'
import { sha256Hex } from '@/lib/sha256'
import { useSession, t } from '@/store/session'
import { fetchPolicy } from '@/features/privacy'
import { loginByMobile, loginByPassword, requestSmsCode } from '../api/login'
import { initialLoginForm, loginFieldOf, loginProblem, smsRequestProblem, toAreaMobile, type LoginForm } from '../model/login'
import { useCountdown } from './use-countdown'

/** Only pages of this app: never a URL of another site. */
export function safeReturnPath(from: string | undefined): string | null {
  if (!from) return null
  if (!/^\/(pages|pkg-[a-z-]+)\/[\w-]+\/index(\?[^#]*)?$/.test(from)) return null
  if (from.startsWith(ROUTES.login)) return null
  return from
}

export function useLogin() {
  const query = platform.nav.currentQuery()
  const bind = query.bind === '1'
  const [form, setForm] = useState<LoginForm>(initialLoginForm)
  const [busy, setBusy] = useState(false)
  // problems under the inputs they concern (decision 081); they go when the form changes
  const problems = useFormErrors(form)
  const sending = useRef(false)
  const submitting = useRef(false)
  const countdown = useCountdown()
  // the policy version the agreement checkbox stands for, sent with the sign-in (docs/decisions/041)
  const [privacyVersion, setPrivacyVersion] = useState<number | undefined>(undefined)
  useEffect(() => {
    fetchPolicy(true)
      .then((p) => setPrivacyVersion(p.version))
      .catch(() => undefined)
  }, [])

  const update = (patch: Partial<LoginForm>) => setForm((f) => ({ ...f, ...patch }))

  const sendCode = async () => {
    // docs/product §5: ignored during the countdown (and while a request is on its way)
    if (countdown.isRunning() || sending.current) return
    const problem = smsRequestProblem(form)
    if (problem) {
      problems.show(t(problem), loginFieldOf(problem), 1000)
      return
    }
    sending.current = true
    try {
      const answer = await requestSmsCode(toAreaMobile(form.areaCode, form.mobile))
      countdown.start(answer?.resendAfter > 0 ? answer.resendAfter : SMS_LIMITS.RESEND_SECONDS)
      toast(t('identity.code.sent'))
    } catch (e) {
      // a refusal naming the mobile shows under it; request() has shown any other (limits, closed login)
      problems.refused(e)
    } finally {
      sending.current = false
    }
  }

  const done = (token: string) => {
    useSession.getState().setToken(token)
    toast(t(bind ? 'identity.bind.success' : 'identity.login.success'), 1000, { announcesNavigation: true })
    const back = safeReturnPath(query.from)
    // bind: back to mine, which reloads on show; a login page opened on its own has nothing to go back to
    if (bind && (Taro.getCurrentPages?.() || []).length > 1) platform.nav.back()
    else platform.nav.redirect(back || routeUrl('mine'))
  }

  const submit = async () => {
    if (submitting.current) return
    const problem = loginProblem(form)
    if (problem) {
      problems.show(t(problem), loginFieldOf(problem), problem === 'identity.agree.required' ? 2000 : 1000)
      return
    }
    submitting.current = true
    setBusy(true)
    try {
      if (form.mode === 'mobile') {
        const answer = await loginByMobile(
          { mobile: toAreaMobile(form.areaCode, form.mobile), code: form.code.trim(), privacyVersion },
          bind
        )
        done(answer.token)
      } else {
        const answer = await loginByPassword({ username: form.username.trim(), password: sha256Hex(form.password), privacyVersion })
        if (answer.isRegister === 0 || !('token' in answer) || !answer.token) {
          toast(t('identity.account.unknown'), 2000)
        } else {
          done(answer.token)
        }
      }
    } catch (e) {
      // code -1: under the input it names (the mobile, the code), else request() toasted it (docs/product §8)
      problems.refused(e)
    } finally {
      submitting.current = false
      setBusy(false)
    }
  }

  return { form, update, busy, bind, countdown: countdown.left, sendCode, submit, errors: problems.errors }
}
