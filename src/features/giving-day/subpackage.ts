// Public face of giving days for pkg-giving: the landing page `giving-day?id&ambassador` (docs/decisions/074).
export { default as GivingDayScreen } from './components/landing-screen'
