// Public face of giving days (docs/product §2 Giving days; docs/decisions/074-giving-day-screens.md).
export { default as GivingDayScreen } from './components/landing-screen'
