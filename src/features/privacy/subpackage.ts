/** What the pkg-privacy subpackage's page composes (kept out of the main package). */
export { default as PolicyScreen } from './components/policy-screen'
