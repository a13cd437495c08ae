/**
 * The book shelf's data: the project, the first page of categories (the tabs; the picker loads them all), and the
 * books of the search and category, reloaded whenever the page shows again so the stock is current. The chosen
 * books follow the latest stock (clamped, sold-out ones dropped).
 */
import { useEffect, useRef, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import type { Book, BookCategory, Project } from '@contract'
import type { GmBook } from '@/platform/storage-keys'
import { useData } from '@/lib/hooks/use-data'
import { toast } from '@/lib/quiet'
import { t } from '@/store/session'
import { fetchBookCategories, fetchBooks, fetchProject } from '../api/naming'
import { refreshStock } from '../model/books'
import type { UpdateSelection } from './use-selection'

/** docs/product §9: book categories 10 a page. */
export const CATEGORY_PAGE = 10

export interface BookShelf {
  base: { project: Project; categories: BookCategory[] } | undefined
  baseStatus: 'loading' | 'ready' | 'error'
  reloadBase(): void
  search: string
  setSearch(s: string): void
  categoryId: number | null
  setCategoryId(id: number | null): void
  books: Book[] | undefined
  booksStatus: 'loading' | 'ready' | 'error'
  reloadBooks(): void
}

export function useBookShelf(itemsId: number, chosen: GmBook[], update: UpdateSelection): BookShelf {
  const base = useData(
    async () => {
      const [project, categories] = await Promise.all([fetchProject(itemsId), fetchBookCategories(itemsId, 0, CATEGORY_PAGE)])
      return { project, categories }
    },
    [itemsId],
    { enabled: itemsId > 0 }
  )
  const [search, setSearch] = useState('')
  const [categoryId, setCategoryId] = useState<number | null>(null)
  const books = useData(() => fetchBooks(itemsId, search, categoryId), [itemsId, search, categoryId], { enabled: itemsId > 0 })

  const shown = useRef(false)
  const { reload: reloadBooks } = books
  useDidShow(() => {
    if (!shown.current) {
      shown.current = true
      return
    }
    reloadBooks()
  })

  const chosenRef = useRef(chosen)
  chosenRef.current = chosen
  useEffect(() => {
    if (!books.data) return
    const next = refreshStock(chosenRef.current, books.data)
    const changed =
      next.length !== chosenRef.current.length ||
      next.some((b, i) => b.namingCount !== chosenRef.current[i]?.namingCount || b.stock !== chosenRef.current[i]?.stock)
    if (!changed) return
    if (next.length < chosenRef.current.length || next.some((b, i) => b.namingCount < chosenRef.current[i]?.namingCount)) {
      toast(t('naming.book.stockChanged'), 2000)
    }
    update((s) => ({ ...s, books: refreshStock(s.books, books.data as Book[]) }))
  }, [books.data, update])

  return {
    base: base.data,
    baseStatus: base.status,
    reloadBase: base.reload,
    search,
    setSearch,
    categoryId,
    setCategoryId,
    books: books.data,
    booksStatus: books.status,
    reloadBooks
  }
}
