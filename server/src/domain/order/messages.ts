/**
 * Messages of the donation flow (forms, orders, payments), merged into src/i18n.ts. Chinese wording follows docs/product §5
 * where it gives one ('请输入合法的手机号', '{title}长度不得小于{min}', '一卡通余额不足' …).
 */
import type { Lang } from '../../../../types'

export const orderMessages = {
  onlineDonationDisabled: { zh_CN: '本校暂未开通线上捐赠。{contact}', en: 'Online donation is not available. {contact}' },
  projectClosed: { zh_CN: '该项目暂不接受捐赠{reason}', en: 'This project is not accepting donations{reason}' },
  projectNotStarted: { zh_CN: '该项目尚未开始募捐，{date}起可捐赠', en: 'This project opens for donations on {date}' },
  projectEnded: { zh_CN: '该项目已于{date}结束募捐', en: 'This project stopped accepting donations after {date}' },
  namingElsewhere: { zh_CN: '冠名捐赠请在冠名页面进行', en: 'Naming donations are made on the naming pages' },
  formChanged: { zh_CN: '捐赠表单已更新，请刷新页面后重试', en: 'The donation form has changed, please reload and try again' },
  currencyUnsupported: { zh_CN: '仅支持人民币（CNY）捐赠', en: 'Only CNY donations are supported' },
  payTypeUnavailable: { zh_CN: '不支持该支付方式', en: 'This payment method is not available' },
  amountInvalid: {
    zh_CN: '请输入正确的捐赠金额（大于0，最多两位小数）',
    en: 'Donation amount must be greater than 0, with at most two decimals'
  },
  amountTooLarge: { zh_CN: '捐赠金额无效，单笔不能超过{max}元', en: 'Donation amount invalid: at most {max} yuan per gift' },
  amountBelowMin: { zh_CN: '捐赠金额不能低于{min}元', en: 'Donation amount can not be less than {min} yuan' },
  amountNotInteger: { zh_CN: '请输入整数金额', en: 'please enter an integer amount' },
  amountNotOffered: { zh_CN: '请选择项目提供的捐赠金额', en: 'Please choose one of the offered amounts' },
  amountChanged: { zh_CN: '捐赠金额与物资单价不符，请刷新后重试', en: 'The amount does not match the unit price, please reload' },
  quantityInvalid: { zh_CN: '捐赠数量必须为正整数', en: 'Quantity must be a positive integer' },
  subProjectInvalid: { zh_CN: '所选子项目不属于该项目', en: 'The chosen sub-project does not belong to this project' },
  togetherInvalid: { zh_CN: '一起捐活动不存在或已结束', en: 'The joint donation does not exist or has ended' },
  anonymousUnavailable: { zh_CN: '该项目不支持匿名捐赠', en: 'Anonymous giving is not offered for this project' },
  agreementRequired: { zh_CN: '请阅读并同意捐赠协议', en: 'Please read and agree to the donation agreement' },
  fieldRequired: { zh_CN: '{tip}', en: 'Please fill in {title}' },
  fieldTooShort: { zh_CN: '{title}长度不得小于{min}', en: '{title} must be at least {min} characters' },
  fieldTooLong: { zh_CN: '{title}长度不得大于{max}', en: '{title} must be at most {max} characters' },
  fieldInvalid: { zh_CN: '请输入合法的{title}', en: 'Please enter a valid {title}' },
  fieldNotPositiveInt: { zh_CN: '{title}必须为正整数', en: '{title} must be a positive integer' },
  donateMobileInvalid: { zh_CN: '请输入合法的手机号', en: 'Please enter a valid mobile number' },
  certificateUnavailable: { zh_CN: '该笔捐赠不提供纸质证书', en: 'A paper certificate is not available for this donation' },
  donateCertificateWayInvalid: { zh_CN: '请选择证书领取方式', en: 'Please choose how to receive the certificate' },
  certificateNameRequired: { zh_CN: '请输入证书抬头', en: 'Please enter the name on the certificate' },
  receiptUnavailable: { zh_CN: '该笔捐赠不提供捐赠票据', en: 'A receipt is not available for this donation' },
  donateReceiptTypeInvalid: { zh_CN: '请选择票据类型', en: 'Please choose the receipt type' },
  donateReceiptWayInvalid: { zh_CN: '请选择票据领取方式', en: 'Please choose how to receive the receipt' },
  receiptDonorTypeInvalid: { zh_CN: '请选择开票对象（个人或单位）', en: 'Please choose personal or enterprise' },
  receiptNameRequired: { zh_CN: '请输入{title}', en: 'Please enter the {title}' },
  donateEmailInvalid: { zh_CN: '请输入正确的电子邮箱', en: 'Please enter a valid e-mail address' },
  postalRequired: { zh_CN: '请输入{title}', en: 'please enter the {title}' },
  donateContactMobileInvalid: { zh_CN: '请输入合法的联系人手机号', en: 'please enter valid contact mobile' },
  campusCardRequired: { zh_CN: '请输入学工号和一卡通密码', en: 'Please enter the student/staff number and the card password' },
  alumniOnly: { zh_CN: '该项目仅面向认证校友募捐，请先完成校友认证', en: 'Fundraising for this project is open only to certified alumni' },
  authRequired: { zh_CN: '请先授权登录', en: 'Please sign in first' },
  paymentNotConfigured: { zh_CN: '该支付方式暂未开通', en: 'This payment method is not set up yet' },
  paymentCreateFailed: { zh_CN: '发起支付失败，请稍后再试', en: 'Could not start the payment, please try again later' },
  paymentDeclined: { zh_CN: '{reason}', en: 'Payment declined: {reason}' },
  rateLimited: { zh_CN: '下单过于频繁，请稍后再试', en: 'Too many orders, please try again later' },
  // the app answers the challenge by itself and sends the order again (docs/decisions/030); this shows only if it can't
  orderChallenge: {
    zh_CN: '当前网络下单人数较多，正在进行安全验证，请再试一次',
    en: 'Many donors are giving from your network: a quick security check is needed, please try again'
  },
  orderNotFound: { zh_CN: '订单不存在', en: 'Order not found' },
  orderNotCancellable: { zh_CN: '订单已支付或已关闭，无法取消', en: 'The order is paid or closed and can not be cancelled' },
  payLinkInvalid: {
    zh_CN: '支付链接已失效，请回到捐赠页面重新发起',
    en: 'This payment link has expired, please start again from the donation page'
  },
  orderNotPayable: { zh_CN: '订单已失效，请重新下单', en: 'The order is no longer payable, please donate again' },
  orderNotPaid: { zh_CN: '订单尚未支付', en: 'The order has not been paid' },
  cancelOk: { zh_CN: '取消成功', en: 'Cancelled' },
  sandboxDisabled: { zh_CN: '该学校未开启沙箱支付', en: 'The payment sandbox is not enabled for this school' },
  sandboxTokenInvalid: { zh_CN: '支付凭证无效，请从收银台重新支付', en: 'The payment token is missing or does not belong to this order' },
  paymentConfirming: {
    zh_CN: '一卡通扣款结果确认中，请勿重复支付，稍后可在捐赠记录中查看',
    en: 'The campus card payment is being confirmed; do not pay again, check your donation records later'
  },
  cardNotVerified: { zh_CN: '请输入该一卡通的密码后查询余额', en: 'Enter the card password to see its balance' },
  cardGuessesExceeded: {
    zh_CN: '一卡通密码错误次数过多，请{minutes}分钟后再试',
    en: 'Too many wrong card passwords, please try again in {minutes} minutes'
  },
  notificationRefused: { zh_CN: '支付通知未被接受：{reason}', en: 'Notification refused: {reason}' },
  successWord: { zh_CN: '感谢您的爱心捐赠！每一份善意都将帮助学子成长。', en: 'Thank you for your generous gift!' },
  balanceUnreadable: { zh_CN: '读取余额失败', en: 'Failed to read the card balance' },
  balanceInsufficient: { zh_CN: '一卡通余额不足', en: 'Insufficient campus card balance' }
} as const satisfies Record<string, Record<Lang, string>>
