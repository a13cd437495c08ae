/**
 * Yearly giving statements (types/statement.ts; docs/decisions/050-yearly-statement.md). The caller's own gifts only:
 * the server filters by the token.
 */
import { Api, type StatementYears } from '@contract'
import { request, signedFileRequest } from '@/lib/request'
import { platform } from '@/platform'

export function fetchStatementYears(): Promise<StatementYears> {
  return request<StatementYears>({ path: Api.statementYears, silent: true })
}

/** Downloads the year's PDF and opens it (mini-programs) or saves it (H5); rejects with the server's message. */
export async function openStatement(year: number): Promise<void> {
  const { url, header } = await signedFileRequest(Api.statementFile, { year })
  await platform.media.openSignedDocument(url, header, `statement-${year}.pdf`)
}

/** Toasts the server's message on -1 (no e-mail set up, an invalid address). */
export function emailStatement(year: number, email: string): Promise<{ email: string }> {
  return request<{ email: string }>({ path: Api.statementEmail, method: 'POST', data: { year, email }, fieldErrors: true })
}

export function setYearlyStatement(enabled: boolean): Promise<StatementYears> {
  return request<StatementYears>({ path: Api.statementYearly, method: 'POST', data: { enabled } })
}
