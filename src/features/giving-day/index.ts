// Public face of giving days for other features (docs/decisions/074-giving-day-screens.md): the thank-you page's
// matched line. The landing page's screen is in subpackage.ts, so that the donation package does not carry it.
export { default as MatchedLine } from './components/matched-line'
