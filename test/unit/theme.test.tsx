/**
 * The school's theme colour and the design tokens: the page root carries the school's colour and its
 * shades as custom properties (the only way to reach the mini-programs' stylesheets), nothing in a stylesheet can
 * hide them, and every stylesheet takes its colours from src/styles/tokens.scss.
 */
import fs from 'node:fs'
import path from 'node:path'
import { render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { Text } from '@tarojs/components'
import PageShell from '@/components/page-shell'
import { AlumniDialog } from '@/features/donate/components/dialogs'
import { platform } from '@/platform'
import { DEFAULT_SETTINGS, useSession } from '@/store/session'
import { DEFAULT_THEME_COLOR, contrastRatio, textShade, themeVars } from '@/styles/theme'

const SRC = path.join(__dirname, '..', '..', 'src')
const TOKENS = path.join(SRC, 'styles', 'tokens.scss')

function stylesheets(): string[] {
  return (fs.readdirSync(SRC, { recursive: true }) as string[]).filter((f) => f.endsWith('.scss')).map((f) => path.join(SRC, f))
}

/** The stylesheet text without comments (a comment may mention a colour). */
function code(file: string): string {
  return fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1')
}

describe('textShade (decision 060)', () => {
  it("darkens fzu's orange, 3.8:1 on white, until text in it reaches 4.5:1 on white, the page grey and its tint", () => {
    expect(contrastRatio('#e65100', '#ffffff')).toBeLessThan(4.5)
    const shade = textShade('#e65100')
    expect(shade).toBe('#bd4200')
    const soft = themeVars('#e65100')['--theme-color-soft']
    for (const ground of ['#ffffff', '#f5f6f8', soft]) expect(contrastRatio(shade, ground)).toBeGreaterThanOrEqual(4.5)
    // no darker than it needs: one step lighter fails somewhere
    expect(themeVars('#e65100')['--theme-color-text']).toBe(shade)
  })

  it('keeps a colour that already reaches 4.5:1 (the default red, hhu blue)', () => {
    expect(textShade('#c8102e')).toBe('#c8102e')
    expect(textShade('#1d4e89')).toBe('#1d4e89')
  })

  it('turns a very light colour into a readable one, and an unreadable config into the default', () => {
    expect(contrastRatio(textShade('#ffeb3b'), '#ffffff')).toBeGreaterThanOrEqual(4.5)
    expect(textShade('orange')).toBe(textShade(DEFAULT_THEME_COLOR))
  })
})

describe('themeVars', () => {
  it('derives the light, pressed and soft shades from the school colour', () => {
    expect(themeVars('#1d4e89')).toEqual({
      '--theme-color': '#1d4e89',
      '--theme-color-light': '#4a71a1',
      '--theme-color-dark': '#194274',
      '--theme-color-soft': '#e8edf3',
      '--theme-color-text': '#1d4e89'
    })
    expect(themeVars('#2E7D32')['--theme-color']).toBe('#2e7d32')
    expect(themeVars('#fff')['--theme-color-dark']).toBe('#d9d9d9')
  })

  it('falls back to the default theme for a colour it cannot read', () => {
    for (const bad of ['', null, undefined, 'blue', '#12345', 'rgb(1,2,3)']) {
      expect(themeVars(bad)).toEqual(themeVars(DEFAULT_THEME_COLOR))
    }
  })

  it('matches the fallbacks tokens.scss uses before a page root sets the properties', () => {
    const tokens = code(TOKENS)
    const fallbacks: Record<string, string> = {}
    for (const m of tokens.matchAll(/var\((--theme-color[a-z-]*), *([^)]+)\)/g)) fallbacks[m[1]] = m[2]
    fallbacks['--theme-color'] = /\$theme-default: *(#[0-9a-f]+)/i.exec(tokens)![1]
    expect(fallbacks).toEqual(themeVars(DEFAULT_THEME_COLOR))
  })
})

function bootHhu() {
  useSession.setState({
    boot: 'ready',
    apiBase: '/api/hhu',
    config: { api: '/api/hhu', signKey: '0123456789abcdef', moduleName: 'x', theme: 'blue', themeColor: '#1d4e89' },
    settings: { ...DEFAULT_SETTINGS }
  })
}

afterEach(() => jest.restoreAllMocks())

describe('PageShell', () => {
  it('puts the school colour and its shades on the page root', () => {
    bootHhu()
    render(
      <PageShell route='subject'>
        <Text>content</Text>
      </PageShell>
    )
    const root = screen.getByTestId('page-root') as HTMLElement
    for (const [name, value] of Object.entries(themeVars('#1d4e89'))) expect(root.style.getPropertyValue(name)).toBe(value)
    expect(root.textContent).toContain('content')
  })
})

describe('WeChat open tag', () => {
  it("draws the alumni sign-in button in the school colour (the page properties do not reach WeChat's template)", async () => {
    bootHhu()
    jest.spyOn(platform, 'env').mockReturnValue({ target: 'h5', inWechatBrowser: true, inMiniProgram: false, isMobile: true })
    jest.spyOn(Taro, 'request').mockImplementation((() =>
      Promise.resolve({
        statusCode: 200,
        data: { code: 0, message: '', data: JSON.stringify({ appid: 'wx0123', path: 'pages/a' }) }
      })) as any)
    render(<AlumniDialog open onClose={() => undefined} />)
    const launch = await screen.findByTestId('alumni-login')
    await waitFor(() => expect(launch.innerHTML).toContain('color:#1d4e89'))
    expect(launch.innerHTML).not.toContain('#c8102e')
  })
})

describe('stylesheets', () => {
  const files = stylesheets().filter((f) => f !== TOKENS)

  it('carry no literal hex colour outside tokens.scss', () => {
    const offenders = files.flatMap((f) =>
      code(f)
        .split('\n')
        .filter((line) => /#[0-9a-f]{3,8}\b/i.test(line))
        .map((line) => `${path.relative(SRC, f)}: ${line.trim()}`)
    )
    expect(offenders).toEqual([])
  })

  it('never declare the theme properties themselves (a declaration between the page root and an element hides the school colour)', () => {
    const offenders = files.filter((f) => /--theme-color[a-z-]*\s*:/.test(code(f))).map((f) => path.relative(SRC, f))
    expect(offenders).toEqual([])
  })

  it('take their tokens from src/styles/tokens.scss', () => {
    const missing = files
      .filter((f) => !f.startsWith(path.join(SRC, 'styles') + path.sep))
      .filter((f) => /\$[a-z]/.test(code(f)) && !/@use '@\/styles\/tokens' as \*;/.test(code(f)))
      .map((f) => path.relative(SRC, f))
    expect(missing).toEqual([])
  })
})
