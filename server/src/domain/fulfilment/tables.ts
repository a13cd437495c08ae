/** Table types of migration 012, merged into db/types.ts's DB (see domain/identity/tables.ts). */
import type { Generated } from 'kysely'

type Ts = string

export interface FulfilmentSettingTable {
  school_id: number
  is_open_paper: number
  /** JSON number[] */
  certificate_way_paper_list: string
  certificate_pickup_address: string
  certificate_pickup_name: string
  certificate_pickup_mobile: string
  is_open_receipt: number
  valid_type: number
  is_credit_code: number
  receipt_type_list: string
  receipt_way_paper_list: string
  receipt_way_electronic_list: string
  receipt_pickup_address: string
  receipt_pickup_name: string
  receipt_pickup_mobile: string
  updated_at: Ts
}

export interface CertificateRequestTable {
  id: Generated<number>
  school_id: number
  user_id: number
  donation_id: number
  batch_no: string
  status: number
  certificate_way: number
  donor_name: string
  postal_contact: string
  postal_mobile: string
  postal_address: string
  express_company: string
  express_no: string
  origin: Generated<string>
  created_at: Ts
  updated_at: Ts
}

export interface ReceiptRequestTable {
  id: Generated<number>
  school_id: number
  user_id: number
  donation_id: number
  batch_no: string
  status: number
  donor_type: number
  donor_name: string
  credit_code: string
  receipt_type: number
  receipt_way: number
  postal_contact: string
  postal_mobile: string
  postal_address: string
  postal_email: string
  postal_mobile_sms: string
  express_company: string
  express_no: string
  file_url: string
  origin: Generated<string>
  created_at: Ts
  updated_at: Ts
}

export interface StaffTable {
  id: Generated<number>
  school_id: number
  username: string
  display_name: string
  password_hash: string
  enabled: number
  created_at: Ts
}

export interface StaffSessionTable {
  id: Generated<number>
  school_id: number
  staff_id: number
  token_hash: string
  expires_at: Ts
  created_at: Ts
}

export interface FulfilmentHistoryTable {
  id: Generated<number>
  school_id: number
  kind: 'certificate' | 'receipt'
  request_id: number
  action: 'advance' | 'attach'
  from_status: number
  to_status: number
  staff_id: number
  detail: string
  created_at: Ts
}

declare module '../../db/types' {
  interface DB {
    fulfilment_setting: FulfilmentSettingTable
    certificate_request: CertificateRequestTable
    receipt_request: ReceiptRequestTable
    staff: StaffTable
    staff_session: StaffSessionTable
    fulfilment_history: FulfilmentHistoryTable
  }
}
