// The staff console (docs/decisions/020): `npm run build:admin` builds it into server/admin/dist, which the
// API server serves at /admin/ (server/src/plugins/static-admin.ts). `npx vite --config server/admin/vite.config.ts`
// runs it with hot reload against a server on :3000.
import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

export default defineConfig({
  root: __dirname,
  base: '/admin/',
  plugins: [react()],
  // the wire contract the server and the app share (types/, docs/decisions/055-one-contract.md)
  resolve: {
    alias: [
      { find: /^@contract$/, replacement: path.join(__dirname, '../../types/index.ts') },
      { find: /^@contract\/(.*)$/, replacement: path.join(__dirname, '../../types/$1') }
    ]
  },
  build: {
    outDir: path.join(__dirname, 'dist'),
    emptyOutDir: true,
    // antd is most of the bundle; one vendor chunk keeps the app's own chunk small and cached across releases
    chunkSizeWarningLimit: 1600,
    rollupOptions: {
      output: {
        manualChunks: (id) => (id.includes('node_modules') ? 'vendor' : undefined)
      }
    }
  },
  server: {
    proxy: { '/staff-api': 'http://127.0.0.1:3000', '/config': 'http://127.0.0.1:3000', '/files': 'http://127.0.0.1:3000' }
  }
})
