// Public face of the certificate feature: the screens of mine-certificate and mine-certificate-detail.
export { default as CertificateScreen } from './components/certificate-screen'
export { default as CertificateDetailScreen } from './components/certificate-detail-screen'
