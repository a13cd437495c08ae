// Public face of the personal-centre feature for the main package: mine's screen. The pkg-mine screens (mine-don,
// mine-together, mine-gm, award) are in ./subpackage.ts, so that weapp's main package does not carry them.
export { default as MineScreen } from './components/mine-screen'
