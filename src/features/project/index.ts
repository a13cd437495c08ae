// Public face of the project feature: the screens of the two project-list variants and of the project detail.
export { default as SubjectScreen } from './components/subject-screen'
export { default as SubjectCpuScreen } from './components/subject-cpu-screen'
export { default as ProjectDetailScreen } from './components/detail/detail-screen'
