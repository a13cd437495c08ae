/**
 * The book shelf (docs/product §5 Books): the stepper limits and totals as pure functions, then book-list?id
 * against a stubbed HTTP boundary: titles cut to 24 + …, a sold-out book refused with 库存不足, copies 1 .. stock,
 * the total in fixed-point, Next with nothing chosen (至少选择一本书籍), search and categories, Next into form-gm.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import BookListPage from '@/pkg-naming/book-list/index'
import { canProceed, cutTitle, refreshStock, setCopies, stepCopies, toggleBook } from '@/features/naming/model/books'
import { booksTotal, bookSubtotal, seatsTotal } from '@/features/naming/model/price'
import { store } from '@/platform/storage-keys'
import { bootSession, ok, page, setQuery, stubApi, toastSpy, type Call } from './project-fixtures'
import { book, bookProject, books, CATEGORIES, PRICES } from './naming-fixtures'

const titles = (spy: jest.SpyInstance) => spy.mock.calls.map((c) => c[0].title)

function stubShelf() {
  return stubApi({
    itemsDetail: () => ok(bookProject()),
    bookCategoryList: () => ok(page(CATEGORIES)),
    bookList: (c: Call) => {
      const cat = c.query.get('categoryId')
      const s = c.query.get('s') || ''
      return ok(books().filter((b) => (!cat || String(b.categoryId) === cat) && (!s || b.title.includes(s))))
    }
  })
}

async function openShelf() {
  setQuery('/pkg-naming/book-list/index', { id: '30' })
  const calls = stubShelf()
  render(<BookListPage />)
  await screen.findByTestId('book-501')
  return calls
}

beforeEach(() => {
  jest.restoreAllMocks()
  Taro.clearStorageSync()
  bootSession()
})

describe('book rules (pure)', () => {
  it('cuts titles to 24 characters plus an ellipsis, counting code points', () => {
    expect(cutTitle('平凡的世界')).toBe('平凡的世界')
    expect(cutTitle('字'.repeat(24))).toBe('字'.repeat(24))
    expect(cutTitle('字'.repeat(25))).toBe(`${'字'.repeat(24)}…`)
    expect(cutTitle('𠀀'.repeat(25))).toBe(`${'𠀀'.repeat(24)}…`)
  })

  it('refuses a book without stock and keeps copies between 1 and the stock', () => {
    expect(toggleBook([], book({ stock: 0 }))).toEqual({ ok: false, reason: 'stock', books: [] })
    let out = toggleBook([], book({ stock: 3 }))
    expect(out.ok && out.books[0].namingCount).toBe(1)
    let chosen = out.books
    out = stepCopies(chosen, 501, 1)
    out = stepCopies(out.books, 501, 1)
    expect(out).toMatchObject({ ok: true })
    expect(out.books[0].namingCount).toBe(3)
    chosen = out.books
    out = stepCopies(chosen, 501, 1)
    expect(out).toMatchObject({ ok: false, reason: 'stock' })
    expect(out.books[0].namingCount).toBe(3)
    out = setCopies(chosen, 501, 1)
    out = stepCopies(out.books, 501, -1)
    expect(out).toMatchObject({ ok: false, reason: 'min' })
    expect(out.books[0].namingCount).toBe(1)
    expect(setCopies(chosen, 501, 99).books[0].namingCount).toBe(3)
    // ticking a chosen book again unticks it
    expect(toggleBook(chosen, book()).books).toEqual([])
  })

  it("needs at least one book to go on, and follows the shelf's latest stock", () => {
    expect(canProceed([])).toBe(false)
    const chosen = [
      { bookId: 501, title: '', author: '', imgUrl: '', unitPrice: '0.10', stock: 5, namingCount: 4 },
      { bookId: 503, title: '', author: '', imgUrl: '', unitPrice: '1.00', stock: 2, namingCount: 1 }
    ]
    expect(canProceed(chosen)).toBe(true)
    const next = refreshStock(chosen, [book({ id: 501, stock: 2 }), book({ id: 503, stock: 0 })])
    expect(next.map((b) => [b.bookId, b.namingCount, b.stock])).toEqual([[501, 2, 2]])
  })

  it('sums unit price x copies in fixed-point (0.1 x 3 + 0.2 x 1 is 0.50, not 0.5000000000000001)', () => {
    const chosen = [
      { bookId: 1, title: '', author: '', imgUrl: '', unitPrice: '0.10', stock: 9, namingCount: 3 },
      { bookId: 2, title: '', author: '', imgUrl: '', unitPrice: '0.20', stock: 9, namingCount: 1 }
    ]
    expect(bookSubtotal(chosen[0])).toBe('0.30')
    expect(booksTotal(chosen)).toBe('0.50')
    expect(booksTotal([])).toBe('0.00')
    expect(
      seatsTotal([
        { seatId: 1, areaId: 1, areaTitle: '', seat: '', priceList: PRICES, termYear: 10 },
        { seatId: 2, areaId: 1, areaTitle: '', seat: '', priceList: PRICES, termYear: null }
      ])
    ).toBe('8800.50')
  })
})

describe('book-list?id', () => {
  it('shows cut titles, stock, and refuses a sold-out book with 库存不足 (1 s)', async () => {
    const toast = toastSpy()
    await openShelf()
    expect(screen.getByTestId('book-title-502').textContent).toBe('中华人民共和国成立以来若干重大历史问题的研究与思…')
    expect(screen.getByTestId('book-stock-501').textContent).toBe('库存 3')
    expect(screen.getByTestId('book-stock-503').textContent).toBe('已认捐完')
    fireEvent.click(screen.getByTestId('book-pick-503'))
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '库存不足', duration: 1000 }))
    expect(screen.getByTestId('book-pick-503').getAttribute('data-selected')).toBe('0')
  })

  it('Next with nothing chosen says 至少选择一本书籍 and stays', async () => {
    const toast = toastSpy()
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    await openShelf()
    fireEvent.click(screen.getByTestId('book-next').querySelector('.at-button')!)
    expect(titles(toast)).toEqual(['至少选择一本书籍'])
    expect(nav).not.toHaveBeenCalled()
  })

  it('steppers stop at the stock (库存不足) and at one; the total follows; Next keeps the choice and opens form-gm', async () => {
    const toast = toastSpy()
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    await openShelf()
    fireEvent.click(screen.getByTestId('book-pick-501'))
    fireEvent.click(screen.getByTestId('book-pick-502'))
    fireEvent.click(screen.getByTestId('cart-open'))
    const cart = await screen.findByTestId('book-cart')
    const value = () => within(cart).getByTestId('stepper-501-value').textContent
    fireEvent.click(within(cart).getByTestId('stepper-501-minus'))
    expect(value()).toBe('1')
    fireEvent.click(within(cart).getByTestId('stepper-501-plus'))
    fireEvent.click(within(cart).getByTestId('stepper-501-plus'))
    expect(value()).toBe('3')
    expect(titles(toast)).toEqual([])
    fireEvent.click(within(cart).getByTestId('stepper-501-plus'))
    expect(value()).toBe('3')
    expect(titles(toast)).toEqual(['库存不足'])
    expect(within(cart).getByTestId('cart-subtotal-501').textContent).toBe('¥0.30')
    expect(screen.getByTestId('naming-total').textContent).toBe('¥0.50')
    expect(screen.getByTestId('cart-badge').textContent).toBe('4')
    expect(within(cart).getByTestId('cart-total').textContent).toBe('¥0.50')
    fireEvent.click(within(cart).getByTestId('cart-next').querySelector('.at-button')!)
    expect(nav).toHaveBeenCalledWith({ url: '/pkg-naming/form-gm/index?id=30&namingType=2' })
    expect(store.get('gm')!.books.map((b) => [b.bookId, b.namingCount])).toEqual([
      [501, 3],
      [502, 1]
    ])
  })

  it('searches and filters by category (tabs and the picker of all categories)', async () => {
    const calls = await openShelf()
    // the click's refetch resolves outside React's act queue: let it settle inside act before polling the list
    await act(async () => {
      fireEvent.click(screen.getByTestId('category-2'))
    })
    await waitFor(() => expect(screen.queryByTestId('book-501')).toBeNull(), { timeout: 10000 })
    expect(screen.getByTestId('book-502')).toBeTruthy()
    expect(
      calls
        .filter((c) => c.path.endsWith('/bookList'))
        .pop()!
        .query.get('categoryId')
    ).toBe('2')
    fireEvent.click(screen.getByTestId('category-more'))
    fireEvent.click(await screen.findByTestId('category-pick-all'))
    await screen.findByTestId('book-501', {}, { timeout: 10000 })
    const input = screen.getByTestId('book-search')
    act(() => {
      input.dispatchEvent(new CustomEvent('input', { detail: { value: '平凡' }, bubbles: true }))
    })
    fireEvent.click(screen.getByTestId('book-search-go'))
    await waitFor(() => expect(screen.queryByTestId('book-502')).toBeNull(), { timeout: 10000 })
    expect(
      calls
        .filter((c) => c.path.endsWith('/bookList'))
        .pop()!
        .query.get('s')
    ).toBe('平凡')
  })

  it('the detail popup shows the whole book and ticks it', async () => {
    await openShelf()
    fireEvent.click(screen.getByTestId('book-502').querySelector('.nm-book__open')!)
    const detail = await screen.findByTestId('book-detail')
    expect(within(detail).getByTestId('book-detail-title').textContent).toBe('中华人民共和国成立以来若干重大历史问题的研究与思考文集')
    fireEvent.click(within(detail).getByTestId('book-detail-pick').querySelector('.at-button')!)
    expect(screen.getByTestId('book-pick-502').getAttribute('data-selected')).toBe('1')
  })
})
