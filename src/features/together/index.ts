// Public face of joint donations (docs/product §2 Joint donation): the three screens of pkg-together.
export { default as LaunchScreen } from './components/launch-screen'
export { default as TogetherShareScreen } from './components/share-screen'
export { default as TogetherListScreen } from './components/donors-screen'
