// The monthly-giving screens for their subpackages: monthly-give (pkg-donate) and mine-monthly (pkg-mine).
export { default as GiveMonthlyScreen } from './components/give-monthly-screen'
export { default as MineMonthlyScreen } from './components/mine-monthly-screen'
