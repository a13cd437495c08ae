// Public face of the identity feature: the login page's screen.
export { default as LoginScreen } from './components/login-screen'
