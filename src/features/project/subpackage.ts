// Public face of the project feature for pkg-project: the project detail screen (kept out of ./index.ts, which the
// main package's list pages import, so that weapp's main package does not carry it).
export { default as ProjectDetailScreen } from './components/detail/detail-screen'
