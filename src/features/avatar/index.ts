// Public face of the avatar editor (cut).
export { default as CutScreen } from './components/cut-screen'
