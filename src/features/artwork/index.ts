// Public face of the artwork feature: the naming-xbmu campaign's home, choose, list and mine screens.
export { default as ArtworkHomeScreen } from './components/home-screen'
export { default as ArtworkChooseScreen } from './components/choose-screen'
export { default as ArtworkListScreen } from './components/list-screen'
export { default as ArtworkMineScreen } from './components/mine-screen'
