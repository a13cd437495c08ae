/**
 * "env:NAME" secret references (channel credentials, payment_config, sms_config, oauth_config) name an environment
 * variable the server reads when it uses the secret, so the database and its dumps hold names only. Only names the
 * deployment set aside for secrets resolve (docs/decisions/037-secrets-and-outbound.md): those starting with
 * UPLUS_SECRET_, and those listed in SECRET_ENV_ALLOW (comma-separated). Anything else (DATABASE_URL, REDIS_URL, a
 * name an administrator typed) is refused when saved and again when read, for rows written before the rule.
 */
export const SECRET_ENV_PREFIX = 'UPLUS_SECRET_'
const NAME = /^[A-Z_][A-Z0-9_]*$/

/** "env:NAME" -> "NAME"; null for a value that is not a reference. */
export const envRefName = (v: unknown): string | null => (typeof v === 'string' && v.startsWith('env:') ? v.slice(4) : null)

/** Whether `name` may be read as a secret under this environment's SECRET_ENV_ALLOW. */
export function secretEnvAllowed(name: string, env: NodeJS.ProcessEnv): boolean {
  if (!NAME.test(name)) return false
  if (name.startsWith(SECRET_ENV_PREFIX) && name.length > SECRET_ENV_PREFIX.length) return true
  return (env.SECRET_ENV_ALLOW ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .includes(name)
}

/** Every "env:NAME" string at any depth of a value whose name is not allowed. */
export function refusedEnvRefs(value: unknown, env: NodeJS.ProcessEnv): string[] {
  const name = envRefName(value)
  if (name !== null) return secretEnvAllowed(name, env) ? [] : [name]
  if (Array.isArray(value)) return value.flatMap((x) => refusedEnvRefs(x, env))
  if (value && typeof value === 'object') return Object.values(value).flatMap((x) => refusedEnvRefs(x, env))
  return []
}

export type SecretEnvRead = { ok: true; value: string } | { ok: false; reason: string }

/** The value of an allowed, set reference (one-line PEMs may carry literal \n); the reason otherwise, naming the variable
 *  but never a value. */
export function readSecretEnv(name: string, env: NodeJS.ProcessEnv): SecretEnvRead {
  if (!secretEnvAllowed(name, env)) {
    return { ok: false, reason: `environment variable ${name} is not a secret name (${SECRET_ENV_PREFIX}… or SECRET_ENV_ALLOW)` }
  }
  const value = env[name]
  if (value === undefined || value === '') return { ok: false, reason: `environment variable ${name} is not set` }
  return { ok: true, value: value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : value }
}
