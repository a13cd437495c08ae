/**
 * Columns of migration 021 (texts per language), merged into db/types.ts's tables by declaration merging (as
 * domain/channel/tables.ts does for 017), so the shared file stays untouched. Shape: domain/form/texts.ts.
 */
import type { Generated } from 'kysely'

declare module '../../db/types' {
  interface DonationFormTable {
    /** JSON {"en": {"success_word": …, "remind_content": …, "offline_contact_info": …}} */
    texts: Generated<string>
  }
  interface ProjectTypeTable {
    /** JSON {"en": {"name": …}} */
    texts: Generated<string>
  }
  interface SchoolSettingTable {
    /** JSON {"en": {"agree_title": …, "agree_content": …, "offline_contact_info": …}} */
    texts: Generated<string>
  }
  interface SubProjectTable {
    /** JSON {"en": {"name": …}} */
    texts: Generated<string>
  }
}
