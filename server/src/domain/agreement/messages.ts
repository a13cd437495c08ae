/** Messages of agreements, merged into src/i18n.ts. Wording per docs/product §5 Contract form. */
export const agreementMessages = {
  agreementNameRequired: { zh_CN: '请输入姓名', en: 'please enter name' },
  agreementNameTooLong: { zh_CN: '姓名不能超过{max}个字', en: 'The name can not exceed {max} characters' },
  agreementMobileInvalid: { zh_CN: '请输入正确的11位手机号', en: 'please enter a valid 11-digit mobile' },
  agreementIdNoInvalid: { zh_CN: '请输入正确的18位身份证号', en: 'please enter a valid 18-character ID number' },
  agreementAmountInvalid: { zh_CN: '捐赠金额必须为正数', en: 'donation amount must be a positive number' },
  agreementAmountTooLarge: { zh_CN: '捐赠金额不能超过{max}元', en: 'The donation amount can not exceed {max} yuan' },
  agreementProjectInvalid: { zh_CN: '请选择捐赠项目', en: 'please select a project' },
  agreementNotFound: { zh_CN: '协议不存在或不属于当前用户', en: 'The agreement does not exist or is not yours' },
  agreementAlreadySigned: { zh_CN: '该协议已签署', en: 'This agreement is already signed' },
  agreementSignatureMissing: { zh_CN: '请先签名', en: 'please sign first' },
  agreementSignatureNotPng: { zh_CN: '签名须为PNG图片', en: 'The signature must be a PNG image' },
  agreementSignatureTooLarge: { zh_CN: '签名图片不能超过{max}KB', en: 'The signature image can not exceed {max} KB' },
  agreementTooMany: {
    zh_CN: '生成协议过于频繁，请稍后再试',
    en: 'Too many agreements generated, please try again later'
  },
  agreementDiskLow: {
    zh_CN: '服务器存储空间不足，暂时无法生成协议，请稍后再试',
    en: 'The server is short of storage space; agreements can not be generated now, please try again later'
  },
  agreementBusy: {
    zh_CN: '正在生成的协议较多，请稍后再试',
    en: 'Many agreements are being prepared right now, please try again in a moment'
  },
  agreementRendering: {
    zh_CN: '协议正在生成中，请稍候，生成后再签署',
    en: 'The agreement is still being prepared; please sign it once it is ready'
  },
  agreementRenderFailed: {
    zh_CN: '协议生成失败，请重试',
    en: 'The agreement could not be prepared, please try again'
  },
  agreementSignatureBlank: { zh_CN: '签名为空，请先签名', en: 'The signature is blank, please sign first' },
  // staff (docs/decisions/047-agreements-for-staff.md)
  staffAgreementNotFound: { zh_CN: '协议不存在', en: 'The agreement does not exist' },
  staffAgreementNotSigned: { zh_CN: '捐赠人尚未签署该协议', en: 'The donor has not signed this agreement yet' },
  staffAgreementCountersigned: { zh_CN: '该协议已会签', en: 'This agreement is already countersigned' },
  sealMissing: { zh_CN: '请先在“协议印章”中上传基金会印章', en: "Upload the foundation's seal under 'Agreement seal' first" },
  sealFileType: { zh_CN: '印章须为PNG或JPG图片', en: 'The seal must be a PNG or JPEG image' },
  sealTooLarge: { zh_CN: '印章图片不能超过{max}MB', en: 'The seal image can not exceed {max} MB' },
  sealSize: {
    zh_CN: '印章图片的边长须在{min}至{max}像素之间',
    en: 'Each side of the seal image must be between {min} and {max} pixels'
  },
  agreementReceiptType: {
    zh_CN: '收据须为JPG或PNG图片（PDF收据请先导出为图片）',
    en: 'The receipt must be a JPEG or PNG image (export a PDF receipt as an image first)'
  }
} as const
