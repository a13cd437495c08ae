/**
 * The subscribe-message adapter (docs/decisions/049-subscribe-messages.md): one interface, one file per target
 * (index.weapp.ts, index.alipay.ts, index.h5.ts; index.ts is the default for type checking). It only knows how a
 * target shows the platform's subscribe dialog; which template ids to ask for, and telling the server, live in
 * src/features/notice.
 */
import type { PlatformNoticeChannel } from '@contract'

export interface SubscribeAnswer {
  templateId: string
  accepted: boolean
}

export interface NoticeConsentAdapter {
  /** the channel whose dialog this target shows; null where there is none (H5) */
  readonly channel: PlatformNoticeChannel | null
  /**
   * Shows the dialog for up to 3 template ids and resolves with the donor's answer for each ([] when the dialog
   * could not be shown). WeChat shows it only from a tap: call it synchronously inside the tap's handler.
   */
  ask(templateIds: string[]): Promise<SubscribeAnswer[]>
}
