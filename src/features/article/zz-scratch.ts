import LoginPage from '@/pages/login/index'
import { resolveTab } from '@/features/certificate/model/tab'
import { CertificateScreen } from '@/features/certificate'
export const scratch = [LoginPage, resolveTab, CertificateScreen]
