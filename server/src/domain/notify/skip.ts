/**
 * A channel that cannot carry this message and never will by trying again (docs/decisions/049-subscribe-messages.md):
 * no grant from the donor, no template for the kind, the platform's "user refused" (WeChat 43101). send.ts then tries
 * the next channel, and marks the message skipped with the reasons when none is left. Anything else a channel throws
 * is retried by the job worker.
 */
export class NoticeSkip extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'NoticeSkip'
  }
}
