// Public face of the personal-centre feature for pkg-mine: the screens of mine-don, mine-together, mine-gm, award.
export { default as AwardScreen } from './components/award-screen'
export { default as MineDonScreen } from './components/mine-don-screen'
export { default as MineTogetherScreen } from './components/mine-together-screen'
export { default as MineGmScreen } from './components/mine-gm-screen'
