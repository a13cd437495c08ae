/**
 * Shared by test/unit/naming-*.test.tsx: realistic naming wire data (types/naming.ts) as factories with overrides:
 * seats in each state, a grid and a list area, books with stock, nameplate examples, a naming project and form.
 */
import type { Book, BookCategory, FormConfig, NameplateExample, NamingArea, Project, Seat, SeatListAnswer, SeatPrice } from '@contract'
import { field, formConfig } from './donate-fixtures'
import { project } from './project-fixtures'

export const PRICES: SeatPrice[] = [
  { termName: '5年', termMoney: '5000.00', termYear: 5 },
  { termName: '10年', termMoney: '8800.50', termYear: 10 },
  { termName: '永久', termMoney: '20000.00', termYear: 0 }
]

let nextSeat = 100
export function seat(over: Partial<Seat> = {}): Seat {
  const id = over.id ?? nextSeat++
  return {
    id,
    seat: `1排${id}座`,
    status: 1,
    held: 0,
    donateSeatId: null,
    priceList: PRICES,
    imgUrl: '',
    areaId: 11,
    row: 1,
    col: 1,
    donorName: '',
    donateTime: '',
    donationMessage: '',
    ...over
  }
}

export const AREAS: NamingArea[] = [
  { id: 11, title: '一楼大厅', imgUrl: '', type: 1 },
  { id: 12, title: '二楼看台', imgUrl: '', type: 3 }
]

/** Row 1: free 101, donated 102, unavailable 103, held 104; row 2: free 105, a gap, free 106. */
export function gridAnswer(): SeatListAnswer {
  return {
    type: 1,
    twoArray: [
      [
        seat({ id: 101, seat: '1排1座', col: 1 }),
        seat({
          id: 102,
          seat: '1排2座',
          col: 2,
          status: 2,
          donateSeatId: 9001,
          donorName: '王**',
          donateTime: '2026-05-01 10:00:00',
          donationMessage: '饮水思源'
        }),
        seat({ id: 103, seat: '1排3座', col: 3, status: 3 }),
        seat({ id: 104, seat: '1排4座', col: 4, status: 3, held: 1 })
      ],
      [seat({ id: 105, seat: '2排1座', row: 2, col: 1 }), null, seat({ id: 106, seat: '2排3座', row: 2, col: 3, priceList: [PRICES[0]] })]
    ],
    oneArray: []
  }
}

export function listAnswer(): SeatListAnswer {
  return {
    type: 3,
    twoArray: [],
    oneArray: [seat({ id: 201, seat: '看台A-1', areaId: 12 }), seat({ id: 202, seat: '看台A-2', areaId: 12, status: 2, donorName: '李**' })]
  }
}

export function seatProject(over: Partial<Project> = {}): Project {
  return project({
    id: 1,
    name: '礼堂座椅冠名',
    itemsType: 2,
    namingType: 1,
    namingCountAll: 120,
    namingCountDonate: 7,
    isDonateTogether: 0,
    ...over
  })
}

export function bookProject(over: Partial<Project> = {}): Project {
  return project({ id: 30, name: '图书馆书架冠名', itemsType: 2, namingType: 2, isDonateTogether: 0, ...over })
}

export function book(over: Partial<Book> = {}): Book {
  return {
    id: 501,
    title: '平凡的世界',
    author: '路遥',
    press: '北京十月文艺出版社',
    categoryId: 1,
    categoryTitle: '文学',
    bookNo: 'ISBN 978-7-5302-1044-1',
    unitPrice: '0.10',
    stock: 3,
    remarks: '',
    imgUrl: '',
    ...over
  }
}

export const CATEGORIES: BookCategory[] = [
  { id: 1, title: '文学' },
  { id: 2, title: '历史' }
]

export function books(): Book[] {
  return [
    book(),
    book({
      id: 502,
      title: '中华人民共和国成立以来若干重大历史问题的研究与思考文集',
      unitPrice: '0.20',
      stock: 5,
      categoryId: 2,
      categoryTitle: '历史'
    }),
    book({ id: 503, title: '已认捐完的书', stock: 0 })
  ]
}

export function example(over: Partial<NameplateExample> = {}): NameplateExample {
  return {
    id: 1,
    title: '铜牌样式',
    bgImg: '/files/naming/plate-bg.png',
    exampleImg: '/files/naming/plate-example.png',
    width: 600,
    height: 300,
    configData: [
      { key: 'donorName', text: '冠名人', x: 300, y: 90, style: { fontSize: 40, color: '#5a3e1b' } },
      { key: 'donorIdentity', text: '校友', x: 300, y: 150, style: { fontSize: 24 } },
      { key: 'donationMessage', text: '寄语', x: 300, y: 210, style: { fontSize: 28 } }
    ],
    ...over
  }
}

/** The donor's fields of a naming form: a required name and mobile, an optional class year. */
export const NAMING_FIELDS = [
  field({ fieldName: 'name', fieldShowName: '姓名', fieldUiType: 'input', inputTip: '请输入您的姓名', isRequire: 1 }),
  field({ fieldName: 'mobile', fieldShowName: '手机号', fieldUiType: 'mobile', inputTip: '请输入手机号码', isRequire: 1 }),
  field({ fieldName: 'gradYear', fieldShowName: '毕业年份', fieldUiType: 'year' })
]

/** A signed-in donor's earlier answers come back with the form (prefill). */
export const PREVIOUS_ANSWERS = { certificateDonorName: '张赟喆', formData: JSON.stringify({ name: '张赟喆', mobile: '86-13800138000' }) }

export function namingForm(over: Partial<FormConfig> = {}): FormConfig {
  return formConfig({
    id: 7,
    payPlatformList: [1, 9, 99],
    isShowAnonymous: 1,
    fieldList: NAMING_FIELDS,
    donateRecord: PREVIOUS_ANSWERS,
    ...over
  })
}
