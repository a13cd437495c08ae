// Public face of the monthly-giving feature (docs/decisions/078-monthly-giving-screens.md): the project page's offer;
// the screens of monthly-give (pkg-donate) and mine-monthly (pkg-mine) are in ./subpackage.ts.
export { default as MonthlyOffer } from './components/monthly-offer'
