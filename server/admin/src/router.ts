/** The console's routes are paths under /admin/ (the server answers index.html for any of them). */
import { useEffect, useState } from 'react'

const BASE = '/admin/'

export function currentPath(): string {
  const p = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) : ''
  return p.replace(/\/+$/, '') || 'dashboard'
}

export function navigate(to: string) {
  const url = `${BASE}${to}${location.search}`
  if (url !== location.pathname + location.search) history.pushState(null, '', url)
  window.scrollTo(0, 0)
  window.dispatchEvent(new Event('admin:navigate'))
}

export function usePath(): string {
  const [path, setPath] = useState(currentPath)
  useEffect(() => {
    const on = () => setPath(currentPath())
    window.addEventListener('popstate', on)
    window.addEventListener('admin:navigate', on)
    return () => {
      window.removeEventListener('popstate', on)
      window.removeEventListener('admin:navigate', on)
    }
  }, [])
  return path
}
