/**
 * The layer rules of decision 015 for stylesheets, which eslint's import zones never see: a feature's stylesheet
 * loads no other feature's stylesheet, and the shared layers (components, styles, lib, ...) load none at all.
 * Shared looks live in src/styles or beside a shared component (receipt-screen.scss once @use'd certificate's
 * application card; it now comes from src/styles/record.scss).
 */
import fs from 'node:fs'
import path from 'node:path'

const SRC = path.join(__dirname, '..', '..', 'src')

/** The feature a file under src/ belongs to, or null for the shared layers. */
function featureOf(file: string): string | null {
  const m = /^features[\\/]([^\\/]+)[\\/]/.exec(path.relative(SRC, file))
  return m ? m[1] : null
}

/** The stylesheets a stylesheet loads (@use, @forward, @import) that sit under src/, resolved to paths. */
function loads(file: string, text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1')
  const out: string[] = []
  for (const m of code.matchAll(/@(?:use|forward|import)\s+['"]([^'"]+)['"]/g)) {
    const url = m[1]
    if (url.startsWith('@/')) out.push(path.join(SRC, url.slice(2)))
    else if (url.startsWith('.')) out.push(path.resolve(path.dirname(file), url))
  }
  return out
}

/** "from -> to" for every load that crosses from one feature into another, or from a shared layer into a feature. */
function crossings(files: { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) => {
    const own = featureOf(file)
    return loads(file, text)
      .filter((target) => {
        const theirs = featureOf(target)
        return theirs !== null && theirs !== own
      })
      .map((target) => `${path.relative(SRC, file)} -> ${path.relative(SRC, target)}`)
  })
}

describe('stylesheet layers', () => {
  it("no stylesheet loads another feature's stylesheet, and the shared layers load none", () => {
    const files = (fs.readdirSync(SRC, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.scss'))
      .map((f) => path.join(SRC, f))
      .map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }))
    expect(files.length).toBeGreaterThan(20)
    expect(crossings(files)).toEqual([])
  })

  it('catches a feature reaching into another, relative or through @/, and a shared stylesheet reaching into one', () => {
    const receipt = path.join(SRC, 'features', 'receipt', 'components', 'receipt-screen.scss')
    const form = path.join(SRC, 'components', 'form-kit', 'form-kit.scss')
    expect(
      crossings([
        { file: receipt, text: "@use '@/styles/tokens' as *;\n@use '../../certificate/components/kit/application-card' as *;\n" },
        { file: receipt, text: "@use '@/features/certificate/components/certificate-list';\n@use './receipt-apply';\n" },
        { file: form, text: "// @use '@/features/donate/components/fields';\n@import '@/features/donate/components/fields';\n" }
      ])
    ).toEqual([
      'features/receipt/components/receipt-screen.scss -> features/certificate/components/kit/application-card',
      'features/receipt/components/receipt-screen.scss -> features/certificate/components/certificate-list',
      'components/form-kit/form-kit.scss -> features/donate/components/fields'
    ])
  })
})
