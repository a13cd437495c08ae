// Public face of the directory feature: the screen for the jzml page, and the row pieces for other features
// (a project's donor tab may show the same rows).
export { default as DirectoryScreen } from './components/directory-screen'
export { default as DonorRow } from './components/donor-row'
export { toDonorRow, type DonorRowView } from './model/donor-row'
