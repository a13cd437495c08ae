/** Demo data of agreements: the bank account large gifts are transferred to (docs/product §2 contract-cpu/account). */
import type { Kysely, Transaction } from 'kysely'
import { AGREEMENT_BANK_SETTING, type AgreementBankAccount } from '../../../../types'
import type { DB } from '../../db/schema'

const BANKS: Record<string, { bankName: string; accountNo: string }> = {
  cpu: { bankName: '中国工商银行南京童家巷支行', accountNo: '4301 0111 0910 0123 456' },
  hhu: { bankName: '中国银行南京河海大学支行', accountNo: '5325 5820 9876 0012 345' }
}

export async function seedAgreementBank(db: Kysely<DB> | Transaction<DB>, schoolId: number, code: string, foundation: string) {
  const bank = BANKS[code]
  if (!bank) return
  const value: AgreementBankAccount = { bankName: bank.bankName, accountName: foundation, accountNo: bank.accountNo }
  await db
    .insertInto('base_setting')
    .values({ school_id: schoolId, setting_key: AGREEMENT_BANK_SETTING, setting_value: JSON.stringify(value) })
    .execute()
}
