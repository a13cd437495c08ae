/**
 * Tax tool pages (docs/product §2 tax-tool / tax-result, §5 tax tool, §8): the form reports the first missing field
 * with its placeholder under that field (decision 081, no toast), switching the donated radio clears the amount, Calculate opens tax-result with the
 * §2 query; the result page reads only its query and shows the worked figures with separators and two decimals, the
 * carried-forward amount for companies, the below-threshold sentence, and a recalculate state for a bad link.
 */
import Taro from '@tarojs/taro'
import { fireEvent, render, screen } from '@testing-library/react'
import { DEFAULT_SETTINGS, useSession } from '@/store/session'
import TaxToolPage from '@/pkg-tools/tax-tool'
import TaxResultPage from '@/pkg-tools/tax-result'
import { setQuery, toastSpy } from './project-fixtures'

function boot(lang: 'zh_CN' | 'en' = 'zh_CN') {
  useSession.setState({
    boot: 'ready',
    apiBase: '/api/demo',
    lang,
    config: { api: '/api/demo', signKey: '0123456789abcdef', moduleName: 'x', theme: 'red', themeColor: '#c8102e' },
    settings: { ...DEFAULT_SETTINGS }
  })
}

function type(testId: string, value: string) {
  const el = screen.getByTestId(testId)
  fireEvent(el, new CustomEvent('input', { detail: { value }, bubbles: true }))
}

const text = (id: string) => screen.getByTestId(id).textContent

afterEach(() => jest.restoreAllMocks())

describe('tax-tool', () => {
  const calc = () => fireEvent.click(screen.getByTestId('tax-calculate').querySelector('.at-button')!)
  const error = (field: string) => screen.queryByTestId(`error-${field}`)?.textContent ?? null

  it('reports the first missing field, in the form order, as its placeholder under that field', () => {
    boot()
    const toast = toastSpy()
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    render(<TaxToolPage />)
    calc()
    expect(error('gz')).toBe('请输入工资')
    expect((screen.getByTestId('tax-gz') as any).nativeProps).toEqual(
      expect.objectContaining({ 'aria-invalid': 'true', 'aria-describedby': 'fe-gz' })
    )
    type('tax-gz', '20000')
    expect(error('gz')).toBeNull()
    calc()
    expect(error('wxyj')).toBe('请输入五险一金')
    type('tax-wxyj', '2000')
    type('tax-zxkc', '3000')
    calc()
    expect(error('jz')).toBe('请输入捐赠金额')
    type('tax-jz', '-5')
    calc()
    expect(error('jz')).toContain('年度捐赠')
    expect(toast).not.toHaveBeenCalled()
    expect(nav).not.toHaveBeenCalled()
    type('tax-jz', '10000')
    fireEvent.click(screen.getByTestId('tax-calculate').querySelector('.at-button')!)
    expect(nav).toHaveBeenCalledTimes(1)
    const url = new URL((nav.mock.calls[0][0] as any).url, 'http://x')
    expect(url.pathname).toBe('/pkg-tools/tax-result/index')
    expect(Object.fromEntries(url.searchParams)).toEqual({ type: '1', gz: '20000', wxyj: '2000', zxkc: '3000', jz: '10000', isDonate: '1' })
  })

  it('says it in English under the field in English mode', () => {
    boot('en')
    const toast = toastSpy()
    render(<TaxToolPage />)
    calc()
    expect(error('gz')).toBe('Enter your salary')
    expect(toast).not.toHaveBeenCalled()
  })

  it('switching the donated radio clears the amount; the company tab asks for profit', () => {
    boot()
    const toast = toastSpy()
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    render(<TaxToolPage />)
    fireEvent.click(screen.getByTestId('tax-tab-company'))
    expect(screen.queryByTestId('tax-gz')).toBeNull()
    calc()
    expect(error('lr')).toBe('请输入利润')
    expect(toast).not.toHaveBeenCalled()
    type('tax-lr', '100')
    type('tax-jz', '150000')
    fireEvent.click(screen.getByTestId('tax-donated-0'))
    expect(screen.queryByTestId('tax-jz')).toBeNull()
    fireEvent.click(screen.getByTestId('tax-donated-1'))
    expect((screen.getByTestId('tax-jz') as any).value ?? '').toBe('')
    type('tax-jz', '150000')
    fireEvent.click(screen.getByTestId('tax-calculate').querySelector('.at-button')!)
    const url = new URL((nav.mock.calls[0][0] as any).url, 'http://x')
    expect(Object.fromEntries(url.searchParams)).toEqual({ type: '2', lr: '100', jz: '150000', isDonate: '1' })
  })
})

describe('tax-result', () => {
  it('shows the personal figures worked by hand, with separators and two decimals, and the bracket table', () => {
    boot()
    setQuery('/pkg-tools/tax-result/index', { type: '1', gz: '20000', wxyj: '2000', zxkc: '3000', jz: '10000', isDonate: '1' })
    render(<TaxResultPage />)
    expect(text('tax-taxable')).toBe('¥120,000.00')
    expect(text('tax-before')).toBe('¥9,480.00')
    expect(text('tax-after')).toBe('¥8,480.00')
    expect(text('tax-saving')).toBe('¥1,000.00')
    expect(text('tax-lead')).toContain('¥1,000.00')
    expect(screen.getByTestId('tax-brackets').textContent).toContain('181,920')
    expect(screen.getByTestId('tax-laws').textContent).toContain('第六条')
  })

  it('names the carried-forward amount for a company', () => {
    boot()
    setQuery('/pkg-tools/tax-result/index', { type: '2', lr: '100', jz: '150000', isDonate: '1' })
    render(<TaxResultPage />)
    expect(text('tax-before')).toBe('¥250,000.00')
    expect(text('tax-after')).toBe('¥220,000.00')
    expect(text('tax-saving')).toBe('¥30,000.00')
    expect(text('tax-carry')).toBe('¥30,000.00')
    expect(text('tax-carry-note')).toContain('¥30,000.00')
    expect(screen.queryByTestId('tax-brackets')).toBeNull()
  })

  it('says a salary at or below 5,000 cannot be reduced (docs/product §8)', () => {
    boot()
    setQuery('/pkg-tools/tax-result/index', { type: '1', gz: '5000', wxyj: '0', zxkc: '0', jz: '1000', isDonate: '1' })
    render(<TaxResultPage />)
    expect(text('tax-lead')).toContain('5,000')
    expect(text('tax-saving')).toBe('¥0.00')
  })

  it('a bad link shows recalculate instead of figures', () => {
    boot()
    setQuery('/pkg-tools/tax-result/index', { type: '1', gz: 'abc' })
    render(<TaxResultPage />)
    expect(screen.getByTestId('tax-bad-link')).toBeTruthy()
    expect(screen.queryByTestId('tax-saving')).toBeNull()
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' } as any)
    fireEvent.click(screen.getByTestId('tax-recalculate').querySelector('.at-button')!)
    expect((redirect.mock.calls[0][0] as any).url).toBe('/pkg-tools/tax-tool/index')
  })

  it('is English in English mode', () => {
    boot('en')
    setQuery('/pkg-tools/tax-result/index', { type: '2', lr: '1000', jz: '', isDonate: '0' })
    render(<TaxResultPage />)
    expect(text('tax-lead')).toContain('up to ¥1,200,000.00')
    expect(text('tax-saving')).toBe('¥300,000.00')
    expect(screen.getByTestId('tax-result').textContent).not.toMatch(/[\u4e00-\u9fff]/)
  })
})
