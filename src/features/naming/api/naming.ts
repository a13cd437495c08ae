/**
 * Naming calls (docs/product §7 Projects: areaList … bookCategoryList, donate with itemsType 2; User centre namingList and the
 * owner's nameplate correction; wire types in types/naming.ts). Each returns the wire data; model/*.ts shapes it.
 * The project, its form and the permission check are the same calls the donation form makes.
 */
import {
  Api,
  SettingKey,
  type BaseSetting,
  type Book,
  type BookCategory,
  type DonateAnswer,
  type FormConfig,
  type NameplateDetailConfig,
  type NameplateExample,
  type NameplateShowData,
  type NameplateUpdateBody,
  type NamingArea,
  type NamingDonateSubmission,
  type NamingRecord,
  type Page,
  type PersonalNamingRecord,
  type Project,
  type SeatListAnswer,
  type SuccessData
} from '@contract'
import { request } from '@/lib/request'
import { platform } from '@/platform'
import { payChannelOf, withOfferedPayTypes } from '@/platform/payment/capability'

/** A list call may answer a bare array or a page; the screens want the rows. */
const rowsOf = <T>(v: T[] | Page<T> | null | undefined): T[] => (Array.isArray(v) ? v : v?.rows || [])

/** itemsDetail is public (docs/product §6). */
export function fetchProject(id: number): Promise<Project> {
  return request<Project>({ path: Api.itemsDetail, query: { id }, auth: false, silent: true })
}

export function fetchFormDetail(itemsId: number): Promise<FormConfig> {
  // only the pay types this target can complete (src/platform/payment/capability.ts)
  return request<FormConfig>({ path: Api.formDetail, query: { itemsId }, silent: true }).then((f) =>
    withOfferedPayTypes(f, payChannelOf(platform.env()))
  )
}

export async function fetchAreas(itemsId: number): Promise<NamingArea[]> {
  return rowsOf(await request<NamingArea[] | Page<NamingArea>>({ path: Api.areaList, query: { itemsId }, auth: false, silent: true }))
}

export function fetchSeats(areaId: number): Promise<SeatListAnswer> {
  return request<SeatListAnswer>({ path: Api.seatList, query: { areaId }, auth: false, silent: true })
}

/** docs/product §9: book categories 10 a page; the tabs show the first page and the picker all of them. */
export async function fetchBookCategories(itemsId: number, offset = 0, limit = 10): Promise<BookCategory[]> {
  return rowsOf(
    await request<BookCategory[] | Page<BookCategory>>({
      path: Api.bookCategoryList,
      query: { itemsId, limit, offset },
      auth: false,
      silent: true
    })
  )
}

export async function fetchBooks(itemsId: number, s: string, categoryId: number | null): Promise<Book[]> {
  const query = { itemsId, s: s || undefined, categoryId: categoryId ?? undefined }
  return rowsOf(await request<Book[] | Page<Book>>({ path: Api.bookList, query, auth: false, silent: true }))
}

export async function fetchNameplateExamples(itemsId: number): Promise<NameplateExample[]> {
  return rowsOf(
    await request<NameplateExample[] | Page<NameplateExample>>({
      path: Api.nameplateExample,
      query: { itemsId },
      auth: false,
      silent: true
    })
  )
}

export function fetchNameplateConfig(itemsId: number): Promise<NameplateDetailConfig | null> {
  return request<NameplateDetailConfig | null>({ path: Api.getNameplateDetailConfig, query: { itemsId }, auth: false, silent: true })
}

/** nameplate-detail?type&id: the owner's token goes along (an unapproved text is shown to its owner only). */
export function fetchShowData(namingType: 1 | 2, id: number): Promise<NameplateShowData> {
  return request<NameplateShowData>({ path: namingType === 2 ? Api.getBookShowData : Api.getSeatShowData, query: { id }, silent: true })
}

/** docs/product §9: 999 on naming lists. */
export function fetchNamedSeats(itemsId: number, offset = 0, limit = 999): Promise<Page<NamingRecord>> {
  return request<Page<NamingRecord>>({ path: Api.donateSeatList, query: { itemsId, offset, limit }, auth: false, silent: true })
}

export function fetchNamingList(offset: number, limit: number): Promise<Page<PersonalNamingRecord>> {
  return request<Page<PersonalNamingRecord>>({ path: Api.namingList, query: { offset, limit }, silent: true })
}

/** The owner's correction; a -1 (approved already, rules) is toasted by request(). */
export function updateNameplate(body: NameplateUpdateBody): Promise<unknown> {
  // a refusal naming an input of the plate is shown under it by the sheet (decision 081)
  return request<unknown>({ path: Api.nameplateUpdate, method: 'POST', data: body, fieldErrors: true })
}

/**
 * POST donate: a -1 (seat taken, stock short, total disagreeing) is toasted by request() with the server's words; one
 * naming a field of the form is left to the form to show under it (decision 081).
 */
export function postNamingDonate(body: NamingDonateSubmission): Promise<DonateAnswer> {
  return request<DonateAnswer>({ path: Api.donate, method: 'POST', data: body, fieldErrors: true })
}

/** The thank-you data of the jnu success page. */
export function fetchSuccess(donatePlatOrder: string, payToken?: string): Promise<SuccessData> {
  return request<SuccessData>({ path: Api.success, query: { donatePlatOrder, payToken: payToken || undefined }, silent: true })
}

/** The school's logo for the nameplate card (S/api/v1/setting/base/list, key school_logo); '' when unset. */
export async function fetchSchoolLogo(): Promise<string> {
  try {
    const rows = await request<BaseSetting[]>({ path: Api.settingBaseList, auth: false, silent: true })
    return (rows || []).find((r) => r.settingKey === SettingKey.SCHOOL_LOGO)?.settingValue || ''
  } catch {
    return ''
  }
}
