/**
 * The agreement calls (docs/product §7 Agreements). docs/product §8: agreement and signature calls act only on code 0,
 * so every call here is silent and the screens say 'request failed, please try again later' themselves.
 */
import {
  AGREEMENT_BANK_SETTING,
  Api,
  type AgreementDetail,
  type AgreementPages,
  type CpuAgreement,
  type CpuAgreementGenerated,
  type CpuAgreementGeneration,
  type CpuAgreementProject,
  type HhuAgreementGenerated,
  type HhuAgreementGeneration,
  type UserBaseInfo
} from '@contract'
import { request, uploadFile } from '@/lib/request'

/** canPoll 1 (docs/decisions/039): a busy server answers `rendering` and the page polls fetchAgreement. */
export function generateHhu(body: HhuAgreementGeneration): Promise<HhuAgreementGenerated> {
  return request<HhuAgreementGenerated>({ path: Api.hhuAgreementGeneration, method: 'POST', data: { ...body, canPoll: 1 }, silent: true })
}

/** The PNG at `pngPath` stamped into the hhu agreement at `pdfUrl`; answers the signed file's link. */
export function signHhu(pdfUrl: string, pngPath: string): Promise<string> {
  return uploadFile<string>({
    path: Api.hhuAgreementSignature,
    filePath: pngPath,
    name: 'file',
    fileName: 'signature.png',
    formData: { pdfUrl },
    silent: true
  })
}

export function fetchCpuProjects(): Promise<CpuAgreementProject[]> {
  return request<CpuAgreementProject[]>({ path: Api.cpuAgreementProjects, silent: true })
}

export function generateCpu(body: CpuAgreementGeneration): Promise<CpuAgreementGenerated> {
  return request<CpuAgreementGenerated>({ path: Api.cpuAgreementGeneration, method: 'POST', data: { ...body, canPoll: 1 }, silent: true })
}

/** One of the caller's agreements: polled while it is rendering. */
export function fetchAgreement(id: number): Promise<AgreementDetail> {
  return request<AgreementDetail>({ path: Api.agreementDetail, query: { id }, silent: true })
}

/** Renders a failed agreement again; answers it (rendering). */
export function retryAgreement(id: number): Promise<AgreementDetail> {
  return request<AgreementDetail>({ path: Api.agreementRetry, method: 'POST', data: { id }, silent: true })
}

export function signCpu(id: number, pngPath: string): Promise<string> {
  return uploadFile<string>({
    path: Api.cpuAgreementSignature,
    filePath: pngPath,
    name: 'file',
    fileName: 'signature.png',
    formData: { signAgreementId: String(id) },
    silent: true
  })
}

export function fetchMySigned(): Promise<CpuAgreement[]> {
  return request<CpuAgreement[]>({ path: Api.cpuAgreementMine, silent: true })
}

/** Page images of one of the caller's agreement files. */
export function fetchPages(url: string): Promise<AgreementPages> {
  return request<AgreementPages>({ path: Api.agreementPages, query: { url }, silent: true })
}

export function fetchBaseInfo(): Promise<UserBaseInfo> {
  return request<UserBaseInfo>({ path: Api.baseInfo, silent: true })
}

/** The school's bank account for large gifts (base setting agreement_bank_account, JSON), '' when unset. */
export function fetchBankSetting(): Promise<string> {
  return request<string>({ path: Api.getSettingValue, query: { key: AGREEMENT_BANK_SETTING }, auth: false, silent: true })
}
