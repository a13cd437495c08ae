/**
 * Messages of identity, the personal centre, uploads, certificates, receipts and staff fulfilment, in
 * both languages; spread into i18n.ts. Texts the app shows as-is (docs/product §5, §8) keep the spec's wording.
 */
import type { Lang } from '../../../../types'

export const centerMessages = {
  // identity
  mobileInvalid: { zh_CN: '请输入合法的手机号', en: 'Please enter a valid mobile number' },
  smsTooSoon: { zh_CN: '验证码发送过于频繁，请{seconds}秒后再试', en: 'Please wait {seconds} seconds before asking for another code' },
  smsDailyLimit: { zh_CN: '今日获取验证码次数已达上限，请明天再试', en: 'Too many codes requested today, please try again tomorrow' },
  smsSendFailed: { zh_CN: '验证码发送失败，请稍后再试', en: 'The code could not be sent, please try again later' },
  smsCodeInvalid: { zh_CN: '验证码错误或已失效', en: 'The verification code is wrong or has expired' },
  mobileBoundElsewhere: { zh_CN: '该手机号已绑定其他账号', en: 'This mobile number belongs to another account' },
  accountHasMobile: { zh_CN: '当前账号已绑定其他手机号', en: 'This account is already bound to another mobile number' },
  passwordWrong: { zh_CN: '账号或密码错误', en: 'Wrong account or password' },
  passwordFormat: { zh_CN: '密码格式不正确', en: 'Invalid password format' },
  loginTooMany: { zh_CN: '尝试次数过多，请稍后再试', en: 'Too many attempts, please try again later' },
  loginClosed: { zh_CN: '暂未开放手机号和账号登录', en: 'Mobile and account sign-in are not available' },
  loginFailed: { zh_CN: '登录失败，请重试', en: 'Sign-in failed, please try again' },
  loginNotesDefault: {
    zh_CN: '绑定手机号后，可在任意平台登录并查看您的捐赠记录',
    en: 'Bind your mobile to sign in anywhere and see your gifts'
  },
  loginUnavailable: { zh_CN: '当前平台暂未开通登录', en: 'Sign-in is not available on this platform' },
  // personal centre
  nicknameInvalid: { zh_CN: '昵称长度应为1到{max}个字符', en: 'The nickname must be 1 to {max} characters' },
  avatarInvalid: { zh_CN: '头像须为本站上传的图片', en: 'The avatar must be an image uploaded here' },
  updateEmpty: { zh_CN: '请填写昵称或头像', en: 'Please give a nickname or an avatar' },
  notYourAccount: { zh_CN: '只能查看自己的信息', en: 'You can only see your own information' },
  awardNotFound: { zh_CN: '勋章不存在', en: 'Award not found' },
  updateOk: { zh_CN: '修改成功', en: 'Saved' },
  // upload
  uploadMissing: { zh_CN: '请选择要上传的文件', en: 'Please choose a file to upload' },
  uploadTooLarge: { zh_CN: '文件不能超过{max}MB', en: 'The file must not exceed {max} MB' },
  uploadType: { zh_CN: '仅支持 gif、jpeg、jpg、png 格式的图片', en: 'Only gif, jpeg, jpg and png images are accepted' },
  uploadSvg: {
    zh_CN: '不支持上传 SVG 图片，请上传 gif、jpeg、jpg 或 png 格式',
    en: 'SVG images cannot be uploaded; please upload a gif, jpeg, jpg or png image'
  },
  uploadTooMany: { zh_CN: '上传过于频繁，请稍后再试', en: 'Too many uploads, please try again later' },
  uploadQuotaFull: { zh_CN: '您的上传空间已满（{max}MB）', en: 'Your upload space is full ({max} MB)' },
  uploadDiskLow: {
    zh_CN: '服务器存储空间不足，暂停上传，请稍后再试',
    en: 'The server is low on storage space; uploads are paused, please try again later'
  },
  // certificates and receipts (docs/product §5 wording)
  paperClosed: { zh_CN: '暂未开放纸质证书申请', en: 'Paper certificates are not available' },
  selectItems: { zh_CN: '请选择项目', en: 'please select items' },
  selectDonations: { zh_CN: '请选择捐赠记录', en: 'please select donations' },
  certificateWayInvalid: { zh_CN: '请选择证书领取方式', en: 'Please choose how to receive the certificate' },
  enterAddress: { zh_CN: '请输入收件地址', en: 'please enter the address' },
  enterContact: { zh_CN: '请输入联系人', en: 'please enter the contact' },
  enterMobile: { zh_CN: '请输入联系电话', en: 'please enter the contact mobile' },
  contactMobileInvalid: { zh_CN: '请输入合法的联系电话', en: 'please enter valid contact mobile' },
  donationNotApplicable: { zh_CN: '所选捐赠记录不存在或不可申请', en: 'A selected donation does not exist or cannot be applied for' },
  alreadyApplied: { zh_CN: '所选捐赠记录已申请过，请勿重复申请', en: 'A selected donation has already been applied for' },
  certificateNotFound: { zh_CN: '证书不存在', en: 'Certificate not found' },
  receiptClosed: { zh_CN: '暂未开放捐赠票据申请', en: 'Receipts are not available' },
  donorTypeInvalid: { zh_CN: '请选择捐赠人类型', en: 'Please choose personal or enterprise' },
  enterCompanyName: { zh_CN: '请输入单位名称', en: 'please enter the company name' },
  enterPersonName: { zh_CN: '请输入姓名', en: 'please enter the name' },
  creditCodeInvalid: { zh_CN: '请输入合法的统一社会信用代码', en: 'Please enter a valid unified social credit code (18 characters)' },
  idNoInvalid: { zh_CN: '请输入合法的身份证号', en: 'Please enter a valid ID number (18 characters)' },
  receiptTypeInvalid: { zh_CN: '请选择票据类型', en: 'Please choose the receipt type' },
  receiptWayInvalid: { zh_CN: '请选择票据领取方式', en: 'Please choose how to receive the receipt' },
  enterEmail: { zh_CN: '请输入电子邮箱', en: 'please enter the e-mail' },
  emailInvalid: { zh_CN: '请输入合法的电子邮箱', en: 'please enter a valid e-mail' },
  enterSmsMobile: { zh_CN: '请输入接收短信的手机号', en: 'please enter the mobile for the SMS' },
  receiptNotFound: { zh_CN: '票据申请不存在', en: 'Receipt application not found' },
  applyOk: { zh_CN: '申请成功', en: 'Application submitted' },
  // staff fulfilment
  applicationNotFound: { zh_CN: '申请不存在', en: 'Application not found' },
  transitionNotAllowed: { zh_CN: '不能从状态{from}变更为{to}', en: 'Status {from} cannot move to {to}' },
  statusChanged: { zh_CN: '状态已被他人更新，请刷新后重试', en: 'Someone else changed the status, please reload' },
  courierRequired: { zh_CN: '请填写快递公司和快递单号', en: 'Courier company and tracking number are required' },
  receiptFileRequired: { zh_CN: '请先上传票据文件', en: 'Attach the receipt file first' },
  receiptFileLocked: { zh_CN: '票据已发送，不能更换文件', en: 'The receipt was sent; its file cannot be replaced' },
  receiptFileType: { zh_CN: '票据文件须为 PDF、JPEG 或 PNG', en: 'The receipt file must be a PDF, JPEG or PNG' }
} as const satisfies Record<string, Record<Lang, string>>
