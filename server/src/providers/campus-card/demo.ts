/**
 * Demo campus card system: a few seeded cards in a JSON file (DATA_DIR/campus-card-demo.json by convention), written
 * atomically (temp file + rename) and serialised per file inside the process. One process only: a school's real card
 * system replaces it through CampusCardService.
 *
 * Demo cards (password = the initial password of docs/product §5 unless changed):
 *   20230001 张同学  ID 320102200001011234 -> 011234   ¥5,000.00
 *   20230002 李同学  ID 11010519491231002X -> 310021   ¥  300.00  (ID ends in X)
 *   20230003 王同学  ID 440305200205063318 -> 063318   ¥   10.00  (low balance)
 *   T0001    赵老师  ID 510104197803153547 -> 153547   ¥20,000.00 (staff work number)
 *   20239998 钱同学  ID 330106200107072215 -> 072215   frozen (reported lost)
 *   20239999 孙同学  ID 350102200208081236 -> 081236   balance unreadable (card system error)
 */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { campusCardError, initialCardPassword, type CampusCardPayment, type CampusCardService } from './service'
import { ProviderError } from '../payment/types'

export interface DemoCard {
  stuWorkNo: string
  name: string
  idNo: string
  balanceFen: number
  /** null: the initial password (last six of the ID number, x -> 1) */
  passwordHash: string | null
  state: 'active' | 'frozen' | 'unreadable'
}

interface DemoStore {
  version: 1
  cards: DemoCard[]
  payments: CampusCardPayment[]
  /** refunds given back to cards (docs/decisions/032-refunds.md); absent in files written before them */
  refunds?: { outRefundNo: string; billNo: string; refundNo: string; amountFen: number }[]
}

export const DEMO_CARDS: readonly DemoCard[] = [
  { stuWorkNo: '20230001', name: '张同学', idNo: '320102200001011234', balanceFen: 500_000, passwordHash: null, state: 'active' },
  { stuWorkNo: '20230002', name: '李同学', idNo: '11010519491231002X', balanceFen: 30_000, passwordHash: null, state: 'active' },
  { stuWorkNo: '20230003', name: '王同学', idNo: '440305200205063318', balanceFen: 1_000, passwordHash: null, state: 'active' },
  { stuWorkNo: 'T0001', name: '赵老师', idNo: '510104197803153547', balanceFen: 2_000_000, passwordHash: null, state: 'active' },
  { stuWorkNo: '20239998', name: '钱同学', idNo: '330106200107072215', balanceFen: 88_800, passwordHash: null, state: 'frozen' },
  { stuWorkNo: '20239999', name: '孙同学', idNo: '350102200208081236', balanceFen: 66_600, passwordHash: null, state: 'unreadable' }
]

export const DEMO_CARD_FILE = 'campus-card-demo.json'

export interface DemoCampusCardOptions {
  /** the JSON file; created with the seed cards when missing */
  file: string
  seed?: readonly DemoCard[]
  /** getCardBlance sends no password (docs/product §7); false makes balance() demand one */
  allowBalanceWithoutPassword?: boolean
}

export interface DemoCampusCardService extends CampusCardService {
  findPayment(billNo: string): Promise<CampusCardPayment | null>
  changePassword(stuWorkNo: string, oldPassword: string, newPassword: string): Promise<void>
  /** test/demo helper */
  card(stuWorkNo: string): Promise<Readonly<DemoCard> | null>
}

export function hashCardPassword(password: string): string {
  const salt = randomBytes(16)
  return `scrypt$${salt.toString('base64')}$${scryptSync(password, salt, 32).toString('base64')}`
}

function passwordMatches(card: DemoCard, password: string): boolean {
  if (card.passwordHash === null) {
    const expected = Buffer.from(initialCardPassword(card.idNo), 'utf8')
    const given = Buffer.from(password, 'utf8')
    return expected.length === given.length && timingSafeEqual(expected, given)
  }
  const [scheme, salt, hash] = card.passwordHash.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const want = Buffer.from(hash, 'base64')
  const got = scryptSync(password, Buffer.from(salt, 'base64'), want.length)
  return timingSafeEqual(want, got)
}

const instances = new Map<string, DemoCampusCardService>()

/** One instance per file (the in-process lock lives on it); calling again with the same file answers the same one. */
export function createDemoCampusCardService(opts: DemoCampusCardOptions): DemoCampusCardService {
  const file = path.resolve(opts.file)
  const existing = instances.get(file)
  if (existing) return existing
  const allowBalanceWithoutPassword = opts.allowBalanceWithoutPassword ?? true
  let store: DemoStore | null = null
  let chain: Promise<unknown> = Promise.resolve()

  const load = (): DemoStore => {
    if (store) return store
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as DemoStore
      if (parsed?.version !== 1 || !Array.isArray(parsed.cards) || !Array.isArray(parsed.payments)) throw new Error('bad demo card file')
      store = parsed
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
      store = { version: 1, cards: (opts.seed ?? DEMO_CARDS).map((c) => ({ ...c })), payments: [] }
      save(store)
    }
    return store
  }
  const save = (s: DemoStore) => {
    mkdirSync(path.dirname(file), { recursive: true })
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
    writeFileSync(tmp, JSON.stringify(s, null, 2))
    renameSync(tmp, file)
  }
  /** Runs fn after every earlier operation on this file finished: no lost updates between concurrent payments. */
  const exclusive = <T>(fn: () => T): Promise<T> => {
    const next = chain.then(() => fn())
    chain = next.catch(() => undefined)
    return next
  }
  const authenticate = (s: DemoStore, stuWorkNo: string, password: string): DemoCard => {
    const card = s.cards.find((c) => c.stuWorkNo === stuWorkNo)
    // same answer for an unknown number and a wrong password: card numbers cannot be probed
    if (!card || !passwordMatches(card, password)) throw campusCardError('campusCardAuthFailed')
    return card
  }
  const readable = (card: DemoCard): DemoCard => {
    if (card.state === 'unreadable') throw campusCardError('campusCardReadFailed', 'upstream')
    if (card.state === 'frozen') throw campusCardError('campusCardFrozen')
    return card
  }

  const service: DemoCampusCardService = {
    balance: (stuWorkNo, password) =>
      exclusive(() => {
        const s = load()
        if (password === undefined) {
          if (!allowBalanceWithoutPassword) throw campusCardError('campusCardRequired')
          const card = s.cards.find((c) => c.stuWorkNo === stuWorkNo)
          if (!card) throw campusCardError('campusCardAuthFailed')
          return readable(card).balanceFen
        }
        return readable(authenticate(s, stuWorkNo, password)).balanceFen
      }),

    pay: (stuWorkNo, password, amountFen, billNo) =>
      exclusive(() => {
        if (!stuWorkNo || !password) throw campusCardError('campusCardRequired')
        if (!Number.isSafeInteger(amountFen) || amountFen <= 0) throw new RangeError(`amount must be positive fen, got ${amountFen}`)
        const s = load()
        const card = readable(authenticate(s, stuWorkNo, password))
        const earlier = s.payments.find((p) => p.billNo === billNo)
        if (earlier) {
          if (earlier.stuWorkNo !== stuWorkNo || earlier.amountFen !== amountFen)
            throw new RangeError(`bill ${billNo} was paid differently`)
          return { tradeNo: earlier.tradeNo }
        }
        if (card.balanceFen < amountFen) throw campusCardError('campusCardInsufficient')
        card.balanceFen -= amountFen
        const tradeNo = `CC${Date.now()}${randomBytes(4).toString('hex').toUpperCase()}`
        s.payments.push({ billNo, tradeNo, stuWorkNo, amountFen, paidAt: new Date().toISOString() })
        save(s)
        return { tradeNo }
      }),

    findPayment: (billNo) => exclusive(() => load().payments.find((p) => p.billNo === billNo) ?? null),

    refund: ({ billNo, outRefundNo, amountFen }) =>
      exclusive(() => {
        const s = load()
        const refunds = (s.refunds ??= [])
        const earlier = refunds.find((r) => r.outRefundNo === outRefundNo)
        if (earlier) return { refundNo: earlier.refundNo }
        const debit = s.payments.find((p) => p.billNo === billNo)
        const given = refunds.filter((r) => r.billNo === billNo).reduce((a, r) => a + r.amountFen, 0)
        if (!debit || !Number.isSafeInteger(amountFen) || amountFen <= 0 || given + amountFen > debit.amountFen)
          throw new ProviderError(`card refund ${outRefundNo} refused`, 'campus', 'declined')
        const card = s.cards.find((c) => c.stuWorkNo === debit.stuWorkNo)
        if (card) card.balanceFen += amountFen
        const refundNo = `CR${Date.now()}${randomBytes(4).toString('hex').toUpperCase()}`
        refunds.push({ outRefundNo, billNo, refundNo, amountFen })
        save(s)
        return { refundNo }
      }),

    findRefund: (outRefundNo) =>
      exclusive(() => {
        const r = (load().refunds ?? []).find((x) => x.outRefundNo === outRefundNo)
        return r ? { refundNo: r.refundNo, amountFen: r.amountFen, billNo: r.billNo } : null
      }),

    changePassword: (stuWorkNo, oldPassword, newPassword) =>
      exclusive(() => {
        const s = load()
        const card = authenticate(s, stuWorkNo, oldPassword)
        if (newPassword.length < 6) throw new RangeError('password too short')
        card.passwordHash = hashCardPassword(newPassword)
        save(s)
      }),

    card: (stuWorkNo) =>
      exclusive(() => {
        const c = load().cards.find((x) => x.stuWorkNo === stuWorkNo)
        return c ? { ...c } : null
      })
  }
  instances.set(file, service)
  return service
}
