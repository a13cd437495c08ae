/**
 * Designed empty states and skeletons: ListFooter shows a skeleton while the first page loads, then an
 * illustrated empty state whose picture and hint follow the kind of list, in Chinese and English; the donor's empty
 * gift list offers a way to the projects. Badges say locked/earned to screen readers; payment logos are named SVGs.
 */
import { fireEvent, render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import ListFooter, { emptyArtOf } from '@/components/list-footer'
import LoadState from '@/components/load-state'
import PayLogo from '@/components/pay-logo'
import { payLogoUrl } from '@/components/pay-logo/logos'
import Badge from '@/features/center/components/badge'
import { useSession } from '@/store/session'
import { bootSession } from './project-fixtures'

beforeEach(() => bootSession())

it('shows a skeleton (with words for screen readers) until the first page arrives', () => {
  const { rerender } = render(<ListFooter status='idle' count={0} loaded={false} emptyKey='project.empty' skeleton='card' />)
  expect(screen.getByTestId('skeleton').className).toContain('skeleton--card')
  expect(screen.getByTestId('skeleton').textContent).toBe('正在加载内容')
  rerender(<ListFooter status='loading' count={0} loaded={false} emptyKey='project.empty' />)
  expect(screen.getByTestId('skeleton')).toBeTruthy()
  rerender(<ListFooter status='done' count={0} loaded emptyKey='project.empty' />)
  expect(screen.queryByTestId('skeleton')).toBeNull()
  const empty = screen.getByTestId('empty-state')
  expect(empty.getAttribute('data-art')).toBe('list')
  expect(empty.textContent).toContain('暂无项目')
  expect(empty.textContent).toContain('换个分类或稍后再来看看')
  expect(screen.queryByTestId('empty-state-action')).toBeNull()
  // more rows loading below a filled list: the plain line, not a skeleton
  rerender(<ListFooter status='loading' count={5} loaded emptyKey='project.empty' />)
  expect(screen.queryByTestId('skeleton')).toBeNull()
})

it('picks the illustration and hint from the kind of list, in English too', () => {
  expect(emptyArtOf('center.don.empty')).toBe('gift')
  expect(emptyArtOf('article.empty')).toBe('article')
  expect(emptyArtOf('together.list.empty')).toBe('people')
  expect(emptyArtOf('receipt.empty')).toBe('paper')
  expect(emptyArtOf('project.empty')).toBe('list')
  useSession.setState({ lang: 'en' })
  render(<ListFooter status='done' count={0} loaded emptyKey='article.empty' />)
  const empty = screen.getByTestId('empty-state')
  expect(empty.getAttribute('data-art')).toBe('article')
  expect(empty.textContent).toContain('New stories will appear here')
  expect(empty.textContent).not.toMatch(/[\u4e00-\u9fff]/)
})

it('offers the donor with no gifts a way to the projects', () => {
  const to = jest.spyOn(Taro, 'switchTab').mockImplementation(() => Promise.resolve({ errMsg: 'ok' }) as never)
  render(<ListFooter status='done' count={0} loaded emptyKey='center.don.empty' />)
  expect(screen.getByTestId('empty-state').getAttribute('data-art')).toBe('gift')
  fireEvent.click(screen.getByTestId('empty-state-action'))
  expect(to).toHaveBeenCalledWith({ url: '/pages/home/index' })
})

it('LoadState shows a skeleton while loading and the words with retry after a failure', () => {
  const reload = jest.fn()
  const { rerender } = render(<LoadState state={{ status: 'loading', reload }} className='x' testId='st' />)
  expect(screen.getByTestId('st-skeleton')).toBeTruthy()
  expect(screen.getByTestId('st').textContent).toContain('加载中')
  rerender(<LoadState state={{ status: 'error', reload }} className='x' testId='st' />)
  expect(screen.queryByTestId('st-skeleton')).toBeNull()
  fireEvent.click(screen.getByTestId('st'))
  expect(reload).toHaveBeenCalled()
})

it('badges name their state; payment logos are local SVGs with a label', () => {
  render(
    <>
      <Badge name='爱心达人' picture='' earned testId='b1' />
      <Badge name='公益之星' picture='/files/awards/x.png' earned={false} testId='b2' />
      <PayLogo code={1} label='微信支付' />
    </>
  )
  expect(screen.getByTestId('b1').getAttribute('aria-label')).toBe('爱心达人, 已点亮')
  expect(screen.getByTestId('b2').getAttribute('aria-label')).toBe('公益之星, 未点亮')
  expect(screen.getByTestId('b2').getAttribute('data-locked')).toBe('1')
  expect(screen.getByTestId('pay-logo-1').getAttribute('aria-label')).toBe('微信支付')
  for (const code of [1, 2, 9, 14, 15, 99])
    expect(decodeURIComponent(payLogoUrl(code))).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg /)
  expect(payLogoUrl(1)).not.toBe(payLogoUrl(2))
  expect(payLogoUrl(12345)).toBe('')
})
