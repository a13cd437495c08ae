/** Where the agreement pages lead (docs/product §2 contract-cpu, tree-naming-hhu/preview). */
import { ROUTES, buildQuery } from '@/lib/routes'

export const signatureUrl = (id: number, pdf: string) => ROUTES['contract-cpu/signature'] + buildQuery({ id, pdf })
export const accountUrl = () => ROUTES['contract-cpu/account']
export const myListUrl = () => ROUTES['contract-cpu/myList']
export const contractUrl = () => ROUTES['contract-cpu']
