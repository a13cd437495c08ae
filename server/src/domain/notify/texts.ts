/**
 * What each kind of news says, in the donor's language (zh_CN default, en complete): subject, text body and HTML body.
 * Donor- and staff-written values (project names, reasons) are escaped in the HTML.
 */
import type { Lang } from '../../../../types'
import type { NoticeKind } from './kinds'

export interface NoticeFacts {
  schoolName: string
  projectName: string
  /** '100.00' */
  amountYuan: string
  billNo: string
  /** nameplate: approved or returned, with the reason */
  approved?: boolean
  reason?: string
  /** refund: the amount given back, '20.00' */
  refundYuan?: string
  /** statement: the year (amountYuan is its total, paid less refunded) */
  year?: number
  /** monthly: the day of the month the plan was collected on */
  dayOfMonth?: number
}

type Line = (f: NoticeFacts) => string

const zh: Record<NoticeKind, { subject: Line; body: Line }> = {
  paid: {
    subject: (f) => `感谢您的捐赠 — ${f.schoolName}`,
    body: (f) => `您向「${f.projectName}」的捐赠 ¥${f.amountYuan} 已到账（单号 ${f.billNo}）。感谢您的支持！`
  },
  certificate: {
    subject: (f) => `您的捐赠证书已生成 — ${f.schoolName}`,
    body: (f) => `您向「${f.projectName}」捐赠 ¥${f.amountYuan} 的电子证书已生成，可在个人中心的“我的证书”中查看。`
  },
  receipt: {
    subject: (f) => `您的捐赠票据 — ${f.schoolName}`,
    body: (f) => `您向「${f.projectName}」捐赠 ¥${f.amountYuan} 的电子票据见附件，也可在个人中心的“我的票据”中查看。`
  },
  nameplate: {
    subject: (f) => (f.approved ? `您的铭牌已审核通过 — ${f.schoolName}` : `您的铭牌需要修改 — ${f.schoolName}`),
    body: (f) =>
      f.approved
        ? `您为「${f.projectName}」提交的铭牌已审核通过。`
        : `您为「${f.projectName}」提交的铭牌被退回，原因：${f.reason ?? ''}。请在个人中心修改后重新提交。`
  },
  together: {
    subject: (f) => `您发起的一起捐已达成目标 — ${f.schoolName}`,
    body: (f) => `您为「${f.projectName}」发起的一起捐已达到目标金额，感谢您和每一位参与者！`
  },
  refund: {
    subject: (f) => `退款通知 — ${f.schoolName}`,
    body: (f) => `您向「${f.projectName}」的捐赠（单号 ${f.billNo}）已退款 ¥${f.refundYuan ?? ''}，款项将原路退回。`
  },
  statement: {
    subject: (f) => `${f.year ?? ''} 年度捐赠对账单 — ${f.schoolName}`,
    body: (f) => `附件是您 ${f.year ?? ''} 年度的捐赠对账单（PDF），合计捐赠 ¥${f.amountYuan}（已扣除退款）。感谢您的支持！`
  },
  monthly: {
    subject: (f) => `月捐扣款失败，月捐已暂停 — ${f.schoolName}`,
    body: (f) =>
      `您每月 ${f.dayOfMonth ?? ''} 日向「${f.projectName}」的月捐 ¥${f.amountYuan} 本月多次扣款未成功，月捐已暂停。请检查签约账户后在个人中心的“我的月捐”中查看。`
  }
}

const en: Record<NoticeKind, { subject: Line; body: Line }> = {
  paid: {
    subject: (f) => `Thank you for your gift — ${f.schoolName}`,
    body: (f) => `Your gift of ¥${f.amountYuan} to "${f.projectName}" has been received (order ${f.billNo}). Thank you for your support!`
  },
  certificate: {
    subject: (f) => `Your donation certificate is ready — ${f.schoolName}`,
    body: (f) =>
      `The certificate of your ¥${f.amountYuan} gift to "${f.projectName}" is ready under My certificates in your personal centre.`
  },
  receipt: {
    subject: (f) => `Your donation receipt — ${f.schoolName}`,
    body: (f) =>
      `The receipt for your ¥${f.amountYuan} gift to "${f.projectName}" is attached; it is also under My receipts in your personal centre.`
  },
  nameplate: {
    subject: (f) => (f.approved ? `Your nameplate was approved — ${f.schoolName}` : `Your nameplate needs a change — ${f.schoolName}`),
    body: (f) =>
      f.approved
        ? `The nameplate you submitted for "${f.projectName}" was approved.`
        : `The nameplate you submitted for "${f.projectName}" was returned: ${f.reason ?? ''}. Please correct it in your personal centre.`
  },
  together: {
    subject: (f) => `Your joint donation reached its target — ${f.schoolName}`,
    body: (f) => `The joint donation you started for "${f.projectName}" has reached its target. Thank you, and thanks to everyone who gave!`
  },
  refund: {
    subject: (f) => `Refund notice — ${f.schoolName}`,
    body: (f) =>
      `¥${f.refundYuan ?? ''} of your gift to "${f.projectName}" (order ${f.billNo}) has been refunded to where it was paid from.`
  },
  statement: {
    subject: (f) => `Your giving statement ${f.year ?? ''} — ${f.schoolName}`,
    body: (f) =>
      `Your giving statement for ${f.year ?? ''} is attached (PDF): ¥${f.amountYuan} given in total, refunds subtracted. Thank you for your support!`
  },
  monthly: {
    subject: (f) => `Your monthly gift is paused — ${f.schoolName}`,
    body: (f) =>
      `Your monthly gift of ¥${f.amountYuan} to "${f.projectName}" (day ${f.dayOfMonth ?? ''} of each month) could not be collected this month after several attempts, so it is paused. Please check the account it is signed with; the plan is under My monthly gifts in your personal centre.`
  }
}

const footer = {
  zh_CN: { unsubscribe: '不再接收此类邮件', why: '您收到此邮件，是因为您在个人中心选择了接收此类通知。' },
  en: { unsubscribe: 'Stop these e-mails', why: 'You receive this e-mail because you chose this kind of news in your personal centre.' }
} satisfies Record<Lang, Record<string, string>>

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export function renderNotice(kind: NoticeKind, lang: Lang, f: NoticeFacts, unsubscribeUrl: string) {
  const t = (lang === 'en' ? en : zh)[kind]
  const ft = footer[lang] ?? footer.zh_CN
  const subject = t.subject(f).replace(/[\r\n]+/g, ' ')
  const body = t.body(f)
  const text = `${body}\n\n--\n${ft.why}\n${ft.unsubscribe}: ${unsubscribeUrl}\n`
  const html =
    `<!doctype html><html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><body style="font-family:sans-serif;line-height:1.6">` +
    `<p>${escapeHtml(body)}</p><hr><p style="color:#888;font-size:12px">${escapeHtml(ft.why)}<br>` +
    `<a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(ft.unsubscribe)}</a></p></body></html>`
  return { subject, text, html }
}
