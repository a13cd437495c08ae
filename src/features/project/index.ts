// Public face of the project feature for the main package: the screens of the two project-list variants.
// The detail screen (pkg-project) is in ./subpackage.ts.
export { default as SubjectScreen } from './components/subject-screen'
export { default as SubjectCpuScreen } from './components/subject-cpu-screen'
