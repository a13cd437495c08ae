/**
 * The certificate image's rendering cost on its own: renderCertificate (documents/certificate.ts, the
 * function the certificate job calls) run N times in this process after one warm-up, with different donors and
 * amounts, no database and no HTTP. Prints ms per certificate (mean, p50, max) and the JPEG size.
 * Usage: npx tsx bench/lib/certificate-cost.ts [count=10]   (bench/orders.js runs it after its levels)
 */
import { renderCertificate } from '../../server/src/documents/certificate'

async function main() {
  const n = Number(process.argv[2] || 10)
  const data = (i: number) => ({
    schoolName: '示范大学教育基金会',
    donorName: `压测捐赠人${i}`,
    projectName: '示范大学励志奖学金',
    amountYuan: `${100 + i}.${String(i % 100).padStart(2, '0')}`,
    date: '2026-11-24',
    certificateNo: `DEMO-20261124-${String(i).padStart(6, '0')}`
  })
  await renderCertificate(data(0))
  const ms: number[] = []
  let bytes = 0
  for (let i = 1; i <= n; i++) {
    const t = performance.now()
    bytes = (await renderCertificate(data(i))).length
    ms.push(performance.now() - t)
  }
  ms.sort((a, b) => a - b)
  const mean = ms.reduce((a, b) => a + b, 0) / n
  console.log(
    `certificate rendering (renderCertificate, ${n} after a warm-up): ${mean.toFixed(1)} ms mean, ${ms[Math.floor(n / 2)].toFixed(1)} ms p50, ` +
      `${ms[n - 1].toFixed(1)} ms max per certificate, ${(bytes / 1024).toFixed(0)} KB JPEG`
  )
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
