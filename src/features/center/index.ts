// Public face of the personal-centre feature: the screens of mine, mine-don, mine-together, mine-gm and award.
export { default as MineScreen } from './components/mine-screen'
export { default as AwardScreen } from './components/award-screen'
export { default as MineDonScreen } from './components/mine-don-screen'
export { default as MineTogetherScreen } from './components/mine-together-screen'
export { default as MineGmScreen } from './components/mine-gm-screen'
