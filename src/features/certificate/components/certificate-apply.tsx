/**
 * The paper certificate application (docs/product §2, §5) on the shared two-step flow: step 1 choose projects, step 2 the
 * way and address (CertificateForm), submit -> certificate/insert.
 */
import { useState } from 'react'
import type { CertificateConfig } from '@contract'
import { ApplyFlow } from '@/components/apply-flow'
import { requestNoticeConsent } from '@/features/notice'
import { fetchCertificateStay, postCertificate } from '../api/certificate'
import { buildCertInsert, initialCertApply, validateCertApply } from '../model/apply'
import CertificateForm from './certificate-form'

export default function CertificateApply({ config, onCancel, onDone }: { config: CertificateConfig; onCancel(): void; onDone(): void }) {
  const [form, setForm] = useState(() => initialCertApply(config))
  return (
    <ApplyFlow
      kind='certificate'
      form={form}
      fetchStay={fetchCertificateStay}
      submit={(ids) => {
        const bad = validateCertApply(form, ids)
        if (bad) return bad
        // the submit tap may show the subscribe dialog (decision 049); the application waits for the donor's answer
        const asked = requestNoticeConsent(['certificate'])
        return () => asked.then(() => postCertificate(buildCertInsert(form, ids)))
      }}
      onCancel={onCancel}
      onDone={onDone}
    >
      <CertificateForm config={config} form={form} onChange={setForm} />
    </ApplyFlow>
  )
}
