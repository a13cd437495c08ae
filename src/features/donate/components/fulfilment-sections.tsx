/**
 * Certificate, receipt and mailing address as one block (docs/product §4 Form visibility, §5): the donation form shows it
 * under "Add details", the seat, book and artwork naming forms show it as it is (docs/decisions/048-naming-forms-whole.md).
 * The state is the caller's; the rules are model/fulfilment.ts's.
 */
import type { FulfilmentState } from '../model/fulfilment'
import CertificateSection from './certificate-section'
import PostalSection from './postal-section'
import ReceiptSection from './receipt-section'
import type { FulfilmentProps } from './types'
// the sections' own fields (notes, pickup blocks) in whichever form skin the caller uses
import './fields.scss'

/** `certificate` false: the caller has its own certificate block (the hhu tree form's required certificate title). */
export default function FulfilmentSections<S extends FulfilmentState>({
  certificate = true,
  ...props
}: FulfilmentProps<S> & { certificate?: boolean }) {
  return (
    <>
      {certificate ? <CertificateSection {...props} /> : null}
      <ReceiptSection {...props} />
      <PostalSection state={props.state} update={props.update} vis={props.vis} />
    </>
  )
}
