/** H5: no subscribe dialog (news goes by e-mail, chosen in the personal centre). */
import type { NoticeConsentAdapter } from './types'

// annotated, not `satisfies`: the default resolution (index.ts) must carry the interface's types, not a literal null
export const noticeConsent: NoticeConsentAdapter = {
  channel: null,
  ask: async (_templateIds: string[]) => []
}

export default noticeConsent
