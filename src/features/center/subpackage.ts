// Public face of the personal-centre feature for pkg-mine: the screens of mine-don, mine-together and award (mine-gm is the naming feature's).
export { default as AwardScreen } from './components/award-screen'
export { default as MineDonScreen } from './components/mine-don-screen'
export { default as MineTogetherScreen } from './components/mine-together-screen'
export { default as NoticeScreen } from './components/notice-screen'
export { default as StatementScreen } from './components/statement-screen'
