/**
 * The demo naming maps of docs/product §2 and §9, as pure data: which school runs which campaign, its map ids and
 * levels, the naming areas and seats (trees, benches, hall seats, buildings, bricks, artworks) with prices in the
 * §9 bands, and every point's position. The same plan draws the map images (naming-map-images.ts) and fills the
 * database (naming-map-seeder.ts), so a point always sits where the image shows it. Deterministic per school.
 */
import { CampaignKey } from '../../../types'
import { rngFor, type Rng } from './rng'

export type PlanKind = 'tree' | 'bench' | 'hall' | 'building' | 'wall' | 'artwork'

export interface PlannedPrice {
  termName: string
  termYear: number
  fen: number
}

export interface PlannedSeat {
  label: string
  /** species, work title or building name (the seatName filter) */
  name: string
  intro: string
  author: string
  img: string
  /** null: the area's list */
  prices: PlannedPrice[] | null
  /** 1 free, 3 not offered (hall seats beyond the first batch) */
  status: 1 | 3
  /** demo gifts: named by the seeder with its own paid gift */
  named: boolean
  row: number
  col: number
  /** map point (on the map `mapKey`) */
  mapKey: string
  x: number
  y: number
  point: 'tree' | 'building'
}

export interface PlannedArea {
  key: string
  title: string
  /** docs/product §3 area type: 1, 2 grid; 3 list */
  type: 1 | 2 | 3
  img: string
  prices: PlannedPrice[]
  seats: PlannedSeat[]
}

export interface PlannedZone {
  /** the map this hot area opens */
  next: string
  title: string
  x: number
  y: number
  hot: Array<[number, number]>
}

export interface PlannedBuildingShape {
  name: string
  x: number
  y: number
  w: number
  h: number
}

export interface PlannedMap {
  key: string
  level: 1 | 2 | 3
  title: string
  subtitle: string
  width: number
  height: number
  scale: number
  minScale: number
  maxScale: number
  image: string
  style: 'campus' | 'zone' | 'grove' | 'garden' | 'hall' | 'wall'
  zones: PlannedZone[]
  /** naming-area keys whose seats this map shows */
  areaKeys: string[]
  buildings: PlannedBuildingShape[]
  vr: boolean
  /** a seed for the image's decoration */
  seed: string
}

export interface PlannedProject {
  name: string
  intro: string
  paragraphs: string[]
  /** the same in English (project.texts, decision 073) */
  en: { name: string; intro: string; paragraphs: string[] }
  namingType: 1
  countAll: number
}

export interface PlannedCampaign {
  campaign: string
  kind: PlanKind
  /** set when the seeder creates the project (campaigns no seeded school had); else the school's existing one */
  project: PlannedProject | null
  areas: PlannedArea[]
  maps: PlannedMap[]
}

const yuan = (n: number) => n * 100
const PERMANENT = (fen: number): PlannedPrice[] => [{ termName: '永久', termYear: 0, fen }]

export const mapImg = {
  map: (school: string, key: string) => `/files/seed/maps/${school}-${key}.jpg`,
  tree: (species: string) => `/files/seed/maps/tree-${species}.jpg`,
  building: (n: number) => `/files/seed/maps/building-${n}.jpg`,
  bench: '/files/seed/maps/bench.jpg',
  hallSeat: '/files/seed/maps/hall-seat.jpg',
  brick: '/files/seed/maps/brick.jpg',
  artwork: (n: number) => `/files/seed/maps/artwork-${n}.jpg`,
  areaCover: (kind: string) => `/files/seed/maps/area-${kind}.jpg`
}

// ---------------------------------------------------------------- trees

export interface Species {
  key: string
  name: string
  family: string
  habit: string
  /** canopy colours of the photo */
  leaf: string
  flower?: string
}

/** Species planted on Chinese campuses, with the first two lines of the three-line intro (docs/product §2). */
export const SPECIES: Species[] = [
  { key: 'ginkgo', name: '银杏', family: '银杏科 银杏属', habit: '落叶大乔木，寿命极长，秋季叶色金黄', leaf: '#e0b82e' },
  { key: 'camphor', name: '香樟', family: '樟科 樟属', habit: '常绿大乔木，树冠广展，枝叶有樟脑清香', leaf: '#3f7d3a' },
  {
    key: 'osmanthus',
    name: '桂花',
    family: '木犀科 木犀属',
    habit: '常绿小乔木，中秋前后开花，香气浓郁',
    leaf: '#4a7a3d',
    flower: '#f2c94c'
  },
  { key: 'magnolia', name: '玉兰', family: '木兰科 玉兰属', habit: '落叶乔木，早春先花后叶，花大洁白', leaf: '#6b8f4e', flower: '#fbf7ef' },
  { key: 'metasequoia', name: '水杉', family: '柏科 水杉属', habit: '落叶乔木，树干通直，被誉为植物“活化石”', leaf: '#5f8f3f' },
  { key: 'maple', name: '鸡爪槭', family: '无患子科 槭属', habit: '落叶小乔木，叶形秀丽，秋叶红艳', leaf: '#c0392b' },
  { key: 'cherry', name: '樱花', family: '蔷薇科 李属', habit: '落叶乔木，三四月繁花满枝', leaf: '#6f9a4f', flower: '#f7c6d0' },
  { key: 'zelkova', name: '榉树', family: '榆科 榉属', habit: '落叶乔木，材质坚硬，秋叶红褐', leaf: '#8a6d3b' },
  {
    key: 'crapemyrtle',
    name: '紫薇',
    family: '千屈菜科 紫薇属',
    habit: '落叶小乔木，夏秋开花，花期长达百日',
    leaf: '#5d8a46',
    flower: '#b565a7'
  },
  {
    key: 'bigmagnolia',
    name: '广玉兰',
    family: '木兰科 北美木兰属',
    habit: '常绿乔木，叶厚有光泽，初夏开大白花',
    leaf: '#2f5d2e',
    flower: '#fffaf0'
  }
]
const speciesByName = new Map(SPECIES.map((s) => [s.name, s]))

/** docs/product §9 tree price bands (yuan): 2099-5000, 5001-10000, 10000-20000, above 20000; cpu 2000-5000, 5000-10000. */
const BANDS = [
  [2099, 2599, 2999, 3600, 3999, 4500, 5000],
  [5001, 5800, 6600, 6800, 8800, 9999],
  [10000, 12000, 13800, 16800, 18800, 20000],
  [22000, 26800, 36000, 52000]
]
const CPU_BANDS = [
  [2000, 2500, 3000, 3800, 4500],
  [5000, 6000, 6800, 8000, 10000]
]

function treePrice(rng: Rng, cpu: boolean): number {
  if (cpu) return rng.pick(CPU_BANDS[rng.chance(0.65) ? 0 : 1])
  const r = rng.next()
  return rng.pick(BANDS[r < 0.5 ? 0 : r < 0.78 ? 1 : r < 0.93 ? 2 : 3])
}

/** The label of a seeded gift ('银杏-07') names the tree numbered 7, which is of that species. */
const GIFT_LABEL = /^(.+)-(\d{2})$/

interface GroveShape {
  key: string
  title: string
  /** where in the grove's own map the trees stand */
  count: number
}

interface TreeNode {
  key: string
  level: 1 | 2 | 3
  title: string
  children: TreeNode[]
  /** leaves: the grove's trees */
  grove?: GroveShape
}

const CAMPUS = { width: 1500, height: 1100 }
const ZONE = { width: 1200, height: 900 }
const GROVE = { width: 1000, height: 800 }

/** Lays out points on a jittered grid inside the grove, clear of the path running across it. */
function treePositions(rng: Rng, n: number, w: number, h: number): Array<[number, number]> {
  const cols = Math.ceil(Math.sqrt((n * w) / h))
  const rows = Math.ceil(n / cols)
  const out: Array<[number, number]> = []
  const mx = 110
  // clear of the title card in the top-left corner
  const my = 200
  const cw = (w - 2 * mx) / Math.max(1, cols - 1)
  const ch = (h - my - 90) / Math.max(1, rows - 1)
  for (let r = 0; r < rows && out.length < n; r++) {
    for (let c = 0; c < cols && out.length < n; c++) {
      const x = mx + c * cw + rng.int(-18, 18) + (r % 2 ? cw / 3 : 0)
      const y = my + r * ch + rng.int(-14, 14)
      out.push([Math.round(Math.min(w - 60, Math.max(60, x))), Math.round(Math.min(h - 100, Math.max(170, y)))])
    }
  }
  return out
}

/** Hot areas of a parent map: evenly spread rounded plots, labelled, each opening one child map. */
function zoneLayout(children: TreeNode[], w: number, h: number, rng: Rng): PlannedZone[] {
  const n = children.length
  const cols = n <= 2 ? n : 2
  const rows = Math.ceil(n / cols)
  const cellW = (w - 300) / cols
  const cellH = (h - 360) / rows
  return children.map((c, i) => {
    const col = i % cols
    const row = Math.floor(i / cols)
    const x0 = 150 + col * cellW + 40 + rng.int(0, 30)
    const y0 = 240 + row * cellH + 30 + rng.int(0, 20)
    const x1 = x0 + cellW - 110
    const y1 = y0 + cellH - 90
    const cut = 40
    const hot: Array<[number, number]> = [
      [x0 + cut, y0],
      [x1, y0],
      [x1, y1 - cut],
      [x1 - cut, y1],
      [x0, y1],
      [x0, y0 + cut]
    ].map(([x, y]) => [Math.round(x), Math.round(y)])
    return { next: c.key, title: c.title, x: Math.round((x0 + x1) / 2), y: Math.round((y0 + y1) / 2), hot }
  })
}

const CAMPUS_BUILDINGS = ['图书馆', '行政楼', '第一教学楼', '学生活动中心', '体育馆', '实验楼']

interface TreeCampaignSpec {
  campaign: string
  project: PlannedProject | null
  cpu: boolean
  /** the location words of the intro's third line */
  campus: string
  roots: TreeNode[]
  /** seeded gifts' labels that must exist (and are named by those gifts) */
  giftLabels: string[]
  /** share of trees named by the seeder's own gifts (campaigns it creates) */
  namedShare: number
  vrKeys: string[]
  buildings?: { names: string[]; prices: number[] }
}

function grove(key: string, title: string, count: number): TreeNode {
  return { key, level: 3, title, children: [], grove: { key, title, count } }
}

function leaves(n: TreeNode): TreeNode[] {
  return n.grove ? [n] : n.children.flatMap(leaves)
}
function nodes(n: TreeNode): TreeNode[] {
  return [n, ...n.children.flatMap(nodes)]
}

function treeCampaign(school: string, spec: TreeCampaignSpec): PlannedCampaign {
  const rng = rngFor(`${school}-${spec.campaign}-maps`)
  const groves = spec.roots.flatMap((r) => leaves(r).map((g) => ({ g, campus: r.title })))
  const total = groves.reduce((s, x) => s + x.g.grove!.count, 0)
  // species per tree number; gift labels force theirs
  const species: Species[] = Array.from({ length: total }, () => rng.pick(SPECIES))
  for (const l of spec.giftLabels) {
    const m = GIFT_LABEL.exec(l)
    const s = m && speciesByName.get(m[1])
    if (m && s && Number(m[2]) <= total) species[Number(m[2]) - 1] = s
  }
  const gifts = new Set(spec.giftLabels)
  const areas: PlannedArea[] = []
  let n = 0
  for (const { g, campus } of groves) {
    const shape = g.grove!
    const size = g.level === 2 ? ZONE : GROVE
    const pos = treePositions(rng, shape.count, size.width, size.height)
    const seats: PlannedSeat[] = pos.map(([x, y], i) => {
      const s = species[n]
      n++
      const label = `${s.name}-${String(n).padStart(2, '0')}`
      return {
        label,
        name: s.name,
        intro: `${s.family}\n${s.habit}\n${campus}${shape.title} ${i + 1}号位`,
        author: '',
        img: mapImg.tree(s.key),
        prices: PERMANENT(yuan(treePrice(rng, spec.cpu))),
        status: 1,
        named: !gifts.has(label) && rng.chance(spec.namedShare),
        row: 0,
        col: 0,
        mapKey: g.key,
        x,
        y,
        point: 'tree'
      }
    })
    areas.push({ key: g.key, title: shape.title, type: 3, img: mapImg.map(school, g.key), prices: [], seats })
  }
  const maps: PlannedMap[] = []
  for (const root of spec.roots) {
    for (const node of nodes(root)) {
      const size = node.grove ? (node.level === 2 ? ZONE : GROVE) : node.level === 1 ? CAMPUS : ZONE
      const zones = node.grove ? [] : zoneLayout(node.children, size.width, size.height, rng)
      const buildings: PlannedBuildingShape[] = []
      if (!node.grove && node.level === 1) {
        // campus buildings along the bottom and the right, clear of the hot plots
        CAMPUS_BUILDINGS.forEach((name, i) => {
          buildings.push({ name, x: 120 + i * 215, y: size.height - 150, w: 150, h: 90 })
        })
      }
      maps.push({
        key: node.key,
        level: node.level,
        title: node.title,
        subtitle: node.grove ? '点击树木查看详情' : '点击区域进入',
        width: size.width,
        height: size.height,
        scale: node.level === 1 ? 0.8 : 1,
        minScale: Math.min(0.5, Math.round((390 / size.width) * 100) / 100),
        maxScale: 2.5,
        image: mapImg.map(school, node.key),
        style: node.grove ? 'grove' : node.level === 1 ? 'campus' : 'zone',
        zones,
        areaKeys: leaves(node).map((l) => l.key),
        buildings,
        vr: spec.vrKeys.includes(node.key),
        seed: `${school}-${node.key}`
      })
    }
  }
  // xzit: buildings on the campus map are points too (docs/product §2: a building point opens the contact dialog)
  if (spec.buildings) {
    const root = maps.find((m) => m.level === 1)!
    const seats: PlannedSeat[] = spec.buildings.names.map((name, i) => {
      const b = root.buildings[i]
      return {
        label: name,
        name,
        intro: `${spec.campus}${name}\n冠名后楼宇入口设冠名标识\n冠名事宜请联系基金会办公室`,
        author: '',
        img: mapImg.building((i % 4) + 1),
        prices: PERMANENT(yuan(spec.buildings!.prices[i % spec.buildings!.prices.length])),
        status: 1,
        named: false,
        row: 0,
        col: 0,
        mapKey: root.key,
        x: b.x + b.w / 2,
        y: b.y + b.h / 2,
        point: 'building'
      }
    })
    areas.push({ key: `${root.key}-buildings`, title: '楼宇', type: 3, img: mapImg.building(1), prices: [], seats })
    root.areaKeys.push(`${root.key}-buildings`)
  }
  return { campaign: spec.campaign, kind: 'tree', project: spec.project, areas, maps }
}

// ---------------------------------------------------------------- other campaigns (demo school)

function benchCampaign(school: string): PlannedCampaign {
  const rng = rngFor(`${school}-bench-maps`)
  const w = 1200
  const h = 1000
  const seats: PlannedSeat[] = []
  // benches along the ring path and the central avenue of the garden
  const cx = w / 2
  const cy = h / 2 + 30
  for (let i = 0; i < 24; i++) {
    const a = (i / 24) * Math.PI * 2
    seats.push(benchSeat(seats.length + 1, Math.round(cx + Math.cos(a) * 330), Math.round(cy + Math.sin(a) * 260), rng))
  }
  for (let i = 0; i < 12; i++) {
    const side = i % 2 ? 1 : -1
    seats.push(benchSeat(seats.length + 1, Math.round(cx + side * 60), 170 + Math.floor(i / 2) * 40 + (i > 5 ? 560 : 0), rng))
  }
  const area: PlannedArea = {
    key: 'seat-1',
    title: '月湖花园',
    type: 3,
    img: mapImg.areaCover('bench'),
    prices: PERMANENT(yuan(3000)),
    seats
  }
  return {
    campaign: CampaignKey.SEAT_NAMING,
    kind: 'bench',
    project: {
      name: '月湖花园长椅冠名',
      intro: '为月湖花园的一张长椅冠名，椅背铜牌镌刻您的名字与寄语。',
      paragraphs: ['月湖花园共设长椅 36 张，每张冠名捐赠 3000 元，冠名永久有效。', '冠名内容经审核后生效，铜牌由基金会统一制作安装。'],
      en: {
        name: 'Name a Bench in Moon Lake Garden',
        intro: 'Name a bench in Moon Lake Garden: a brass plate on its back carries your name and words.',
        paragraphs: [
          'Moon Lake Garden has 36 benches; naming one is a gift of 3,000 yuan and lasts for good.',
          'The wording is checked before it takes effect; the foundation makes and fits the plates.'
        ]
      },
      namingType: 1,
      countAll: seats.length
    },
    areas: [area],
    maps: [
      {
        key: 'seat-1',
        level: 1,
        title: '月湖花园',
        subtitle: '点击长椅查看详情',
        width: w,
        height: h,
        scale: 0.8,
        minScale: 0.33,
        maxScale: 2.5,
        image: mapImg.map(school, 'seat-1'),
        style: 'garden',
        zones: [],
        areaKeys: ['seat-1'],
        buildings: [],
        vr: false,
        seed: `${school}-seat-1`
      }
    ]
  }
}

function benchSeat(n: number, x: number, y: number, rng: Rng): PlannedSeat {
  return {
    label: `长椅-${String(n).padStart(2, '0')}`,
    name: '长椅',
    intro: '防腐木长椅，铸铁扶手\n椅背设冠名铜牌\n月湖花园环湖步道',
    author: '',
    img: mapImg.bench,
    prices: null,
    status: 1,
    named: rng.chance(0.25),
    row: 0,
    col: 0,
    mapKey: 'seat-1',
    x,
    y,
    point: 'tree'
  }
}

/** docs/product §9: 1917 hall seats planned, about 200 in the first batch, 2000 yuan each. */
export const HALL = {
  rows: 33,
  blocks: [16, 26, 16],
  /** the first batch: the middle block's first 8 rows */
  firstBatchRows: 8,
  pitchX: 36,
  pitchY: 40,
  aisle: 70,
  marginX: 120,
  top: 330
}

function hallCampaign(school: string): PlannedCampaign {
  const rng = rngFor(`${school}-hall-maps`)
  const perRow = HALL.blocks.reduce((a, b) => a + b, 0)
  const width = HALL.marginX * 2 + perRow * HALL.pitchX + (HALL.blocks.length - 1) * HALL.aisle
  const height = HALL.top + (HALL.rows + 1) * HALL.pitchY + 160
  const seats: PlannedSeat[] = []
  const add = (row: number, n: number, x: number, inBatch: boolean) =>
    seats.push({
      label: `${row}排${n}座`,
      name: '礼堂座椅',
      intro: `大礼堂一楼 ${row}排${n}座\n座椅背面设冠名铭牌\n冠名永久有效`,
      author: '',
      img: mapImg.hallSeat,
      prices: null,
      status: inBatch ? 1 : 3,
      named: inBatch && rng.chance(0.15),
      row,
      col: n,
      mapKey: 'hall-1',
      x: Math.round(x),
      y: HALL.top + (row - 1) * HALL.pitchY,
      point: 'tree'
    })
  for (let row = 1; row <= HALL.rows; row++) {
    let n = 0
    let x = HALL.marginX + HALL.pitchX / 2
    HALL.blocks.forEach((count, b) => {
      for (let k = 0; k < count; k++) {
        n++
        add(row, n, x, b === 1 && row <= HALL.firstBatchRows)
        x += HALL.pitchX
      }
      x += HALL.aisle
    })
  }
  // the last row: three accessible places at the centre make 1917 (33 x 58 + 3)
  const mid = width / 2
  for (let k = 0; k < 3; k++) add(HALL.rows + 1, k + 1, mid + (k - 1) * HALL.pitchX * 1.5, false)
  return {
    campaign: CampaignKey.HALL_NAMING,
    kind: 'hall',
    project: {
      name: '大礼堂一楼座椅冠名',
      intro: '大礼堂一楼规划座椅 1917 个，首批开放约 200 个座椅冠名。',
      paragraphs: [
        '大礼堂一楼规划座椅 1917 个，首批开放中区前八排共 208 个座椅，每个座椅冠名捐赠 2000 元。',
        '其余座椅将分批开放，敬请关注。'
      ],
      en: {
        name: 'Name a Seat on the Grand Hall Ground Floor',
        intro: 'The ground floor of the Grand Hall has 1,917 seats; about 200 are open for naming first.',
        paragraphs: [
          'The ground floor of the Grand Hall has 1,917 seats. The first 208, in the front eight rows of the centre, are open now; naming a seat is a gift of 2,000 yuan.',
          'The other seats open in later rounds.'
        ]
      },
      namingType: 1,
      countAll: seats.length
    },
    areas: [{ key: 'hall-1', title: '一楼', type: 3, img: mapImg.areaCover('hall'), prices: PERMANENT(yuan(2000)), seats }],
    maps: [
      {
        key: 'hall-1',
        level: 1,
        title: '一楼',
        subtitle: '大礼堂座位图',
        width,
        height,
        scale: 0.3,
        minScale: 0.15,
        maxScale: 2,
        image: mapImg.map(school, 'hall-1'),
        style: 'hall',
        zones: [],
        areaKeys: ['hall-1'],
        buildings: [],
        vr: false,
        seed: `${school}-hall-1`
      }
    ]
  }
}

const NAMED_BUILDINGS: [string, number][] = [
  ['图书馆', 5_000_000],
  ['科学会堂', 3_000_000],
  ['第二教学楼', 2_000_000],
  ['学生活动中心', 2_000_000],
  ['体育馆', 3_000_000],
  ['国际交流中心', 1_500_000],
  ['工程实训中心', 1_000_000],
  ['校史馆', 800_000]
]

function buildingCampaign(school: string): PlannedCampaign {
  const w = 1500
  const h = 1100
  const shapes: PlannedBuildingShape[] = NAMED_BUILDINGS.map(([name], i) => ({
    name,
    x: 170 + (i % 4) * 320,
    y: 300 + Math.floor(i / 4) * 380,
    w: 210,
    h: 150
  }))
  const seats: PlannedSeat[] = NAMED_BUILDINGS.map(([name, price], i) => ({
    label: name,
    name,
    intro: `建筑面积约 ${[26000, 12000, 18000, 9000, 15000, 8000, 11000, 4000][i]} 平方米\n冠名后楼宇主入口设冠名石\n冠名期限与方式可与基金会商定`,
    author: '',
    img: mapImg.building((i % 4) + 1),
    prices: PERMANENT(yuan(price)),
    status: 1,
    named: i === 5,
    row: 0,
    col: 0,
    mapKey: 'build-1',
    x: shapes[i].x + shapes[i].w / 2,
    y: shapes[i].y + shapes[i].h / 2,
    point: 'building'
  }))
  return {
    campaign: CampaignKey.BUILD_NAMING,
    kind: 'building',
    project: {
      name: '校园楼宇冠名',
      intro: '为校园楼宇冠名，让您的名字与母校的建筑一同长存。',
      paragraphs: ['校园开放冠名的楼宇共 8 栋，冠名捐赠额度按楼宇规模确定。', '楼宇冠名需经学校审议，具体事宜请与基金会联系。'],
      en: {
        name: 'Name a Campus Building',
        intro: 'Name a campus building, and your name stands with the school for years to come.',
        paragraphs: [
          'Eight buildings are open for naming; the gift depends on the size of the building.',
          'Naming a building needs the approval of the school; please talk to the foundation.'
        ]
      },
      namingType: 1,
      countAll: seats.length
    },
    areas: [{ key: 'build-1', title: '楼宇', type: 3, img: mapImg.building(1), prices: [], seats }],
    maps: [
      {
        key: 'build-1',
        level: 1,
        title: '校园楼宇',
        subtitle: '点击楼宇查看详情',
        width: w,
        height: h,
        scale: 0.8,
        minScale: 0.26,
        maxScale: 2.5,
        image: mapImg.map(school, 'build-1'),
        style: 'campus',
        zones: [],
        areaKeys: ['build-1'],
        buildings: shapes,
        vr: false,
        seed: `${school}-build-1`
      }
    ]
  }
}

/** docs/product §9: 850 bricks of 2000 yuan. */
export const WALL = { cols: 34, rows: 25, brickW: 64, brickH: 32, marginX: 90, top: 200 }

function wallCampaign(school: string): PlannedCampaign {
  const rng = rngFor(`${school}-wall-maps`)
  const width = WALL.marginX * 2 + WALL.cols * WALL.brickW + WALL.brickW / 2
  const height = WALL.top + WALL.rows * WALL.brickH + 160
  const seats: PlannedSeat[] = []
  for (let r = 1; r <= WALL.rows; r++) {
    for (let c = 1; c <= WALL.cols; c++) {
      const offset = r % 2 ? 0 : WALL.brickW / 2
      seats.push({
        label: `${r}排${c}号砖`,
        name: '纪念砖',
        intro: `校友纪念墙第${r}排第${c}块\n青砖阴刻捐赠人姓名\n纪念墙位于校史馆南侧`,
        author: '',
        img: mapImg.brick,
        prices: null,
        status: 1,
        named: rng.chance(0.05),
        row: r,
        col: c,
        mapKey: 'wall-1',
        x: Math.round(WALL.marginX + offset + (c - 0.5) * WALL.brickW),
        y: Math.round(WALL.top + (r - 0.5) * WALL.brickH),
        point: 'tree'
      })
    }
  }
  return {
    campaign: CampaignKey.WALL_NAMING,
    kind: 'wall',
    project: {
      name: '校友纪念墙认捐',
      intro: '认捐纪念墙上的一块青砖，镌刻您的名字，见证母校发展。',
      paragraphs: ['校友纪念墙共 850 块纪念砖，每块认捐 2000 元。', '纪念砖阴刻捐赠人姓名，由基金会统一制作。'],
      en: {
        name: 'A Brick in the Alumni Wall',
        intro: "Give a brick in the memorial wall, carved with your name, a witness to the school's growth.",
        paragraphs: [
          'The alumni wall has 850 memorial bricks; each is a gift of 2,000 yuan.',
          "Each brick is carved with the donor's name; the foundation makes them."
        ]
      },
      namingType: 1,
      countAll: seats.length
    },
    areas: [{ key: 'wall-1', title: '纪念墙', type: 3, img: mapImg.brick, prices: PERMANENT(yuan(2000)), seats }],
    maps: [
      {
        key: 'wall-1',
        level: 1,
        title: '校友纪念墙',
        subtitle: '点击纪念砖查看详情',
        width,
        height,
        scale: 0.5,
        minScale: 0.16,
        maxScale: 2.5,
        image: mapImg.map(school, 'wall-1'),
        style: 'wall',
        zones: [],
        areaKeys: ['wall-1'],
        buildings: [],
        vr: false,
        seed: `${school}-wall-1`
      }
    ]
  }
}

/** docs/product §5: 750, 700, 650 yuan per work when one, two or three are chosen. */
export const ARTWORK_PRICES: PlannedPrice[] = [
  { termName: '选一幅', termYear: 0, fen: 75_000 },
  { termName: '选两幅', termYear: 0, fen: 70_000 },
  { termName: '选三幅', termYear: 0, fen: 65_000 }
]
const FEATURED_PRICES: PlannedPrice[] = [
  { termName: '选一幅', termYear: 0, fen: 120_000 },
  { termName: '选两幅', termYear: 0, fen: 110_000 },
  { termName: '选三幅', termYear: 0, fen: 100_000 }
]

export const ARTWORKS: { area: string; kind: 'ink' | 'calligraphy' | 'oil' | 'print'; works: [string, string, string][] }[] = [
  {
    area: '国画',
    kind: 'ink',
    works: [
      ['秋山晚翠', '马晓林', '纸本设色 68×136cm'],
      ['黄河远上', '丁玉梅', '纸本水墨 96×180cm'],
      ['陇上春耕', '才让东主', '纸本设色 68×68cm'],
      ['祁连雪霁', '马晓林', '纸本水墨 50×100cm']
    ]
  },
  {
    area: '书法',
    kind: 'calligraphy',
    works: [
      ['厚德载物', '韩文涛', '行书 68×136cm'],
      ['上善若水', '马国强', '隶书 50×100cm'],
      ['天道酬勤', '韩文涛', '楷书 68×68cm']
    ]
  },
  {
    area: '油画',
    kind: 'oil',
    works: [
      ['甘南草原', '李卓玛', '布面油画 80×100cm'],
      ['校园的黄昏', '王思远', '布面油画 60×80cm'],
      ['拉卜楞的清晨', '扎西才让', '布面油画 90×120cm']
    ]
  },
  {
    area: '版画',
    kind: 'print',
    works: [
      ['丝路驼铃', '苏晓东', '木刻版画 45×60cm'],
      ['河湟人家', '马雪莲', '套色木刻 50×70cm']
    ]
  }
]

function artworkCampaign(school: string): PlannedCampaign {
  const rng = rngFor(`${school}-artwork`)
  let n = 0
  const areas: PlannedArea[] = ARTWORKS.map((a) => ({
    key: `art-${a.kind}`,
    title: a.area,
    type: 3,
    img: mapImg.areaCover(a.kind),
    prices: ARTWORK_PRICES,
    seats: a.works.map(([title, author, medium], i) => {
      n++
      return {
        label: `《${title}》${author}`,
        name: title,
        intro: `${medium}\n作者：${author}\n校庆师生书画作品展参展作品`,
        author,
        img: mapImg.artwork(n),
        // the first oil painting is a featured work with its own, higher list (docs/product §5: the first work's list wins)
        prices: a.kind === 'oil' && i === 0 ? FEATURED_PRICES : null,
        status: 1,
        named: rng.chance(0.2),
        row: 0,
        col: 0,
        mapKey: '',
        x: 0,
        y: 0,
        point: 'tree'
      }
    })
  }))
  return {
    campaign: CampaignKey.ARTWORK_NAMING,
    kind: 'artwork',
    project: {
      name: '书画作品认捐',
      intro: '认捐校庆师生书画作品，作品将以您的名义长期陈列于校园。',
      paragraphs: [
        '本次展出师生书画作品 12 幅，每次最多认捐三幅。',
        '认捐一幅 750 元，两幅每幅 700 元，三幅每幅 650 元；特邀作品另行定价。',
        '作品认捐后统一装裱，并在展签上标注认捐人姓名。'
      ],
      en: {
        name: 'Adopt a Work of Art',
        intro: 'Adopt a painting or calligraphy from the anniversary show; it stays on show on campus in your name.',
        paragraphs: [
          'The show has 12 works by students and staff; you may adopt up to three at a time.',
          'One work is 750 yuan, two are 700 yuan each, three are 650 yuan each; invited works are priced apart.',
          "Adopted works are framed, and their labels carry the donor's name."
        ]
      },
      namingType: 1,
      countAll: n
    },
    areas,
    maps: []
  }
}

// ---------------------------------------------------------------- per school

const TREE_PROJECT = (name: string, campus: string, en: { name: string; campus: string }): PlannedProject => ({
  name,
  en: {
    name: en.name,
    intro: `Plant a memorial tree on ${en.campus}, with your name and words on its plaque.`,
    paragraphs: [
      `${en.campus} has an area for memorial trees: ginkgo, camphor, osmanthus, magnolia, dawn redwood and more.`,
      'The gift depends on the species and age of the tree; the tree is yours for good, and the school looks after it.',
      'The wording is checked before it takes effect; you may choose whether your name is shown.'
    ]
  },
  intro: `在${campus}认植一棵纪念树，树牌上刻下您的名字与寄语。`,
  paragraphs: [
    `${campus}规划纪念树认植区，树种包括银杏、香樟、桂花、玉兰、水杉等。`,
    '认植捐赠按树种与树龄定价，认植永久有效，由学校负责养护。',
    '认植内容经审核后生效，可选择是否公开姓名。'
  ],
  namingType: 1,
  countAll: 0
})

const SEEDED_TREE_LABELS = ['银杏-01', '银杏-07', '香樟-12', '桂花-03', '玉兰-05', '水杉-21']

/** The yc (three levels) and ys (two levels) maps of docs/product §2 and the brief's ids. */
function ycRoot(campus: string): TreeNode {
  return {
    key: 'yc-1',
    level: 1,
    title: campus,
    children: [{ key: 'yc-2-1', level: 2, title: '东苑', children: [grove('yc-3-1', '银杏林', 16), grove('yc-3-2', '香樟园', 14)] }]
  }
}
function ysRoot(campus: string): TreeNode {
  return {
    key: 'ys-1',
    level: 1,
    title: campus,
    children: [grove('ys-3-1', '校友林', 14), grove('ys-3-2', '桂花园', 12), grove('ys-3-3', '玉兰苑', 12), grove('ys-3-4', '湖畔林', 14)]
  }
}
const YS_VR = ['yc-1', 'yc-3-1', 'yc-3-2', 'ys-1', 'ys-3-1', 'ys-3-2', 'ys-3-3', 'ys-3-4']

/** The map campaigns of a school. Campaign keys that the school's projects already carry use those projects. */
export function namingMapPlans(school: string): PlannedCampaign[] {
  if (school === 'hhu') {
    return [
      treeCampaign(school, {
        campaign: CampaignKey.HHU_TREE_YC,
        project: null,
        cpu: false,
        campus: '西康路校区',
        roots: [ycRoot('西康路校区')],
        giftLabels: SEEDED_TREE_LABELS,
        namedShare: 0,
        vrKeys: YS_VR
      }),
      treeCampaign(school, {
        campaign: CampaignKey.HHU_TREE_JN,
        project: null,
        cpu: false,
        campus: '江宁校区',
        roots: [ysRoot('江宁校区')],
        giftLabels: SEEDED_TREE_LABELS,
        namedShare: 0,
        vrKeys: YS_VR
      })
    ]
  }
  if (school === 'cpu') {
    return [
      treeCampaign(school, {
        campaign: CampaignKey.TREE_NAMING_CPU,
        project: null,
        cpu: true,
        campus: '江宁校区',
        roots: [
          {
            key: 'yc-1',
            level: 1,
            title: '江宁校区',
            children: [
              { key: 'yc-2-1', level: 2, title: '药苑', children: [], grove: { key: 'yc-2-1', title: '药苑', count: 20 } },
              { key: 'yc-2-2', level: 2, title: '百草园', children: [], grove: { key: 'yc-2-2', title: '百草园', count: 18 } }
            ]
          }
        ],
        giftLabels: SEEDED_TREE_LABELS,
        namedShare: 0,
        vrKeys: []
      })
    ]
  }
  if (school === 'demo') {
    return [
      treeCampaign(school, {
        campaign: CampaignKey.TREE_NAMING,
        project: TREE_PROJECT('校园纪念树认植', '校园', { name: 'Plant a Memorial Tree on Campus', campus: 'the campus' }),
        cpu: false,
        campus: '',
        roots: [ycRoot('本部校区'), ysRoot('南山校区')],
        giftLabels: [],
        namedShare: 0.2,
        vrKeys: YS_VR
      }),
      treeCampaign(school, {
        campaign: CampaignKey.TREE_NAMING_XZIT,
        project: TREE_PROJECT('云龙湖校区纪念树认植', '云龙湖校区', {
          name: 'Plant a Tree on Yunlong Lake Campus',
          campus: 'Yunlong Lake Campus'
        }),
        cpu: false,
        campus: '云龙湖校区',
        roots: [
          { key: 'xzit-1', level: 1, title: '云龙湖校区', children: [grove('xzit-3-1', '求是林', 14), grove('xzit-3-2', '博雅园', 14)] }
        ],
        giftLabels: [],
        namedShare: 0.2,
        vrKeys: [],
        buildings: {
          names: ['图书馆', '行政楼', '第一教学楼', '学生活动中心', '体育馆', '实验楼'],
          prices: [3_000_000, 2_000_000, 1_000_000]
        }
      }),
      treeCampaign(school, {
        campaign: CampaignKey.TREE_NAMING_GMU,
        project: TREE_PROJECT('番禺校区校友林认植', '番禺校区', {
          name: 'Plant a Tree in the Panyu Campus Alumni Wood',
          campus: 'Panyu Campus'
        }),
        cpu: false,
        campus: '番禺校区',
        roots: [{ key: 'gmu-1', level: 1, title: '番禺校区', children: [grove('gmu-3-1', '杏林', 14), grove('gmu-3-2', '木棉园', 12)] }],
        giftLabels: [],
        namedShare: 0.2,
        vrKeys: []
      }),
      benchCampaign(school),
      hallCampaign(school),
      buildingCampaign(school),
      wallCampaign(school),
      artworkCampaign(school)
    ]
  }
  return []
}

/** Every school's plan (the image writer draws them all before the seeding transaction). */
export const allNamingMapPlans = (schools: string[]) => schools.map((code) => ({ code, plans: namingMapPlans(code) }))
