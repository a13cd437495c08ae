/**
 * The words of a donation agreement (docs/product §2 tree-naming-hhu/preview and contract-cpu, §3 Agreements), in the
 * request's language. Pure: documents/agreement.ts lays them out on A4 pages.
 */
import { fenToYuan } from '../lib/money'

export interface AgreementFacts {
  kind: 'hhu' | 'cpu'
  lang: 'zh_CN' | 'en'
  agreementNo: string
  foundation: string
  donorName: string
  mobile: string
  /** already masked (docs/decisions/017); '' for hhu */
  idNoMasked: string
  amountFen: number
  projectTitle: string
  /** Beijing date, YYYY-MM-DD */
  date: string
}

export interface AgreementText {
  title: string
  /** "label: value" lines of the parties block */
  parties: Array<[string, string]>
  preamble: string
  clauses: Array<{ heading: string; body: string }>
  /** the signature block of the last page */
  donorSign: string
  foundationSign: string
  dateLabel: string
}

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖']
const SMALL_UNITS = ['', '拾', '佰', '仟']
const BIG_UNITS = ['', '万', '亿', '万亿']

/** 123456 fen -> 壹仟贰佰叁拾肆元伍角陆分; 100000 -> 壹仟元整; 100005 -> 壹仟元零伍分 (the way Chinese cheques write it). */
export function fenToChineseCapitals(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError('amount must be a non-negative integer of fen')
  const yuan = Math.floor(fen / 100)
  const jiao = Math.floor(fen / 10) % 10
  const cent = fen % 10
  let out = ''
  if (yuan > 0) {
    const groups: number[] = []
    for (let v = yuan; v > 0; v = Math.floor(v / 10000)) groups.push(v % 10000)
    let pendingZero = false
    for (let g = groups.length - 1; g >= 0; g--) {
      const n = groups[g]
      if (n === 0) {
        pendingZero = out !== ''
        continue
      }
      if (out !== '' && (pendingZero || n < 1000)) out += '零'
      pendingZero = false
      let zero = false
      let started = false
      for (let i = 3; i >= 0; i--) {
        const d = Math.floor(n / 10 ** i) % 10
        if (d === 0) {
          if (started) zero = true
          continue
        }
        if (zero) out += '零'
        zero = false
        started = true
        out += DIGITS[d] + SMALL_UNITS[i]
      }
      out += BIG_UNITS[g]
    }
    out += '元'
  }
  if (jiao === 0 && cent === 0) return (out || '零元') + '整'
  if (jiao > 0) out += DIGITS[jiao] + '角'
  else if (yuan > 0) out += '零'
  if (cent > 0) out += DIGITS[cent] + '分'
  return out
}

/** 320102199001011234 -> 320102********1234 (first six and last four kept: the region and the check, not the birthday). */
export function maskIdNo(idNo: string): string {
  const s = idNo.trim()
  if (s.length <= 10) return '*'.repeat(s.length)
  return s.slice(0, 6) + '*'.repeat(s.length - 10) + s.slice(-4)
}

function withSeparators(yuan: string): string {
  const [whole, cents] = yuan.split('.')
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`
}

export function agreementText(f: AgreementFacts): AgreementText {
  const yuan = withSeparators(fenToYuan(f.amountFen))
  const capitals = fenToChineseCapitals(f.amountFen)
  return f.lang === 'en' ? english(f, yuan, capitals) : chinese(f, yuan, capitals)
}

function chinese(f: AgreementFacts, yuan: string, capitals: string): AgreementText {
  const purpose = f.kind === 'hhu' ? `“${f.projectTitle}”纪念树认植` : `“${f.projectTitle}”项目`
  const parties: Array<[string, string]> = [
    ['协议编号', f.agreementNo],
    ['甲方（捐赠人）', f.donorName],
    ['联系电话', f.mobile]
  ]
  if (f.idNoMasked) parties.push(['身份证号', f.idNoMasked])
  parties.push(['乙方（受赠人）', f.foundation])
  return {
    title: f.kind === 'hhu' ? '纪念树认植捐赠协议' : '捐赠协议书',
    parties,
    preamble:
      `为支持${f.foundation.replace(/教育发展基金会$/, '')}的建设与发展，甲方自愿向乙方捐赠。根据《中华人民共和国民法典》《中华人民共和国慈善法》` +
      `《中华人民共和国公益事业捐赠法》等法律法规，甲乙双方本着平等自愿、诚实守信的原则，经友好协商，就捐赠事宜达成如下协议：`,
    clauses: [
      {
        heading: '第一条　捐赠金额',
        body: `甲方自愿向乙方捐赠人民币${capitals}（¥${yuan}），用于${purpose}。本捐赠为无偿捐赠，甲方不因本次捐赠向乙方或受益方提出任何商业回报要求。`
      },
      {
        heading: '第二条　捐赠用途',
        body:
          f.kind === 'hhu'
            ? `乙方将捐赠款项用于${purpose}及其后续养护，包括苗木采购、栽植、挂牌与日常养护。认植期内，树木铭牌标注甲方确认的认植人姓名与寄语。`
            : `乙方将捐赠款项专项用于${purpose}，按照项目实施方案及乙方财务管理制度使用，不挪作他用。如需变更用途，乙方应事先征得甲方书面同意。`
      },
      {
        heading: '第三条　捐赠方式',
        body: '甲方通过本平台在线支付或按乙方提供的银行账户转账的方式交付捐赠款项。款项以到达乙方账户之日为捐赠完成之日。甲方转账时请在附言中注明协议编号。'
      },
      {
        heading: '第四条　甲方的权利和义务',
        body:
          '1. 甲方有权了解捐赠款项的使用情况，乙方应如实答复。2. 甲方有权要求乙方开具公益事业捐赠统一票据，用于依法享受税收优惠。' +
          '3. 甲方保证所捐赠款项为其合法所有的财产，不存在任何权属争议。4. 甲方应按本协议约定的金额和方式履行捐赠义务。'
      },
      {
        heading: '第五条　乙方的权利和义务',
        body:
          '1. 乙方应按照本协议约定的用途使用捐赠款项，并接受甲方及社会公众的监督。2. 乙方应在收到捐赠款项后向甲方开具公益事业捐赠统一票据。' +
          '3. 乙方应于每年度向甲方反馈捐赠款项的使用情况。4. 乙方应对甲方的个人信息严格保密，未经甲方同意不得向第三方提供，法律法规另有规定的除外。'
      },
      {
        heading: '第六条　信息公开与致谢',
        body: '乙方可在其网站、年度报告及校园相关场所对甲方的捐赠予以公开致谢；甲方要求匿名的，乙方应在公开时隐去甲方姓名。'
      },
      {
        heading: '第七条　协议的变更与解除',
        body: '本协议的变更须经双方协商一致并以书面形式确认。因不可抗力致使本协议无法履行的，双方可协商解除本协议，已交付的捐赠款项按双方协商结果处理。'
      },
      {
        heading: '第八条　争议解决',
        body: '因本协议引起的或与本协议有关的任何争议，双方应友好协商解决；协商不成的，任何一方均可向乙方所在地有管辖权的人民法院提起诉讼。'
      },
      {
        heading: '第九条　其他',
        body:
          '本协议自甲方签字（含电子签名）之日起生效。本协议以电子文本形式签署，甲方的电子签名与手写签名具有同等法律效力。' +
          '本协议一式两份，甲乙双方各执一份，具有同等法律效力。本协议未尽事宜，由双方另行协商并签订补充协议。'
      }
    ],
    donorSign: '甲方（签字）：',
    foundationSign: `乙方（盖章）：${f.foundation}`,
    dateLabel: `签署日期：`
  }
}

function english(f: AgreementFacts, yuan: string, capitals: string): AgreementText {
  const purpose = f.kind === 'hhu' ? `the memorial tree pledge "${f.projectTitle}"` : `the project "${f.projectTitle}"`
  const parties: Array<[string, string]> = [
    ['Agreement No.', f.agreementNo],
    ['Party A (Donor)', f.donorName],
    ['Mobile', f.mobile]
  ]
  if (f.idNoMasked) parties.push(['ID number', f.idNoMasked])
  parties.push(['Party B (Recipient)', f.foundation])
  return {
    title: f.kind === 'hhu' ? 'Memorial Tree Donation Agreement' : 'Donation Agreement',
    parties,
    preamble:
      'Party A voluntarily makes a donation to Party B. Under the Civil Code, the Charity Law and the Law on Donations for Public ' +
      "Welfare of the People's Republic of China, the parties, on the principles of equality, free will and good faith, agree as follows:",
    clauses: [
      {
        heading: 'Article 1. Amount',
        body: `Party A donates RMB ${yuan} (in Chinese capitals: ${capitals}) to Party B for ${purpose}. The donation is unconditional and Party A asks no commercial return from Party B or the beneficiaries.`
      },
      {
        heading: 'Article 2. Purpose',
        body:
          f.kind === 'hhu'
            ? `Party B uses the donation for ${purpose} and its upkeep: the sapling, planting, the name plate and care. During the pledge the plate shows the name and message Party A confirmed.`
            : `Party B uses the donation only for ${purpose}, under the project plan and Party B's financial rules. Any change of purpose needs Party A's prior written consent.`
      },
      {
        heading: 'Article 3. Payment',
        body: "Party A pays online through this platform or by bank transfer to the account Party B provides. The donation is complete on the day the money reaches Party B's account. Please quote the agreement number with a transfer."
      },
      {
        heading: 'Article 4. Rights and duties of Party A',
        body:
          '1. Party A may ask how the donation is used and Party B answers truthfully. 2. Party A may ask for the official receipt for public welfare donations, for tax relief under the law. ' +
          '3. Party A warrants the money is lawfully theirs and free of any dispute. 4. Party A pays the amount in the way this agreement sets out.'
      },
      {
        heading: 'Article 5. Rights and duties of Party B',
        body:
          '1. Party B uses the donation for the agreed purpose and accepts the supervision of Party A and the public. 2. Party B issues the official donation receipt once the money arrives. ' +
          "3. Party B reports on the use of the donation every year. 4. Party B keeps Party A's personal information confidential and gives it to no third party without consent, except as the law requires."
      },
      {
        heading: 'Article 6. Publicity and thanks',
        body: "Party B may thank Party A publicly on its website, in its annual report and on campus; if Party A asks to stay anonymous, Party B leaves out Party A's name."
      },
      {
        heading: 'Article 7. Changes and termination',
        body: "Changes to this agreement need both parties' written consent. If force majeure makes it impossible to perform, the parties may end it by agreement and settle any money already paid between them."
      },
      {
        heading: 'Article 8. Disputes',
        body: "The parties settle any dispute arising from this agreement by friendly consultation; failing that, either party may sue in the competent people's court where Party B is located."
      },
      {
        heading: 'Article 9. Miscellaneous',
        body:
          "This agreement takes effect on the day Party A signs it, electronically or by hand; Party A's electronic signature has the same legal force as a handwritten one. " +
          'It is made in two copies of equal force, one for each party. Matters not covered here are settled by a supplementary agreement.'
      }
    ],
    donorSign: 'Party A (signature):',
    foundationSign: `Party B (seal): ${f.foundation}`,
    dateLabel: 'Date signed: '
  }
}
