/**
 * How long the agreement pages wait between asks while an agreement is rendering (docs/decisions/039-agreement-rendering-jobs.md):
 * 1 s, then half as long again each time up to 8 s, and after about two minutes of asking the page stops and says it
 * is taking longer than usual, with a button to keep waiting. The server retries a render twice within a minute, so a
 * render that never finishes is failed (with its reason) well before that.
 */
export const POLL_FIRST_MS = 1000
export const POLL_MAX_MS = 8000
export const POLL_GIVE_UP_MS = 120_000

/** The wait before ask number `n` (0-based). */
export const pollDelay = (n: number): number => Math.min(POLL_MAX_MS, Math.round(POLL_FIRST_MS * 1.5 ** Math.max(0, n)))

/** The waits of one round of polling, in order: the round ends once they add up to POLL_GIVE_UP_MS. */
export function pollSchedule(): number[] {
  const out: number[] = []
  for (let total = 0, n = 0; total < POLL_GIVE_UP_MS; n++) {
    out.push(pollDelay(n))
    total += pollDelay(n)
  }
  return out
}
