/** Messages of the naming maps, merged into src/i18n.ts. */
export const namingMapMessages = {
  namingMapNotFound: { zh_CN: '地图不存在或已下线', en: 'This map does not exist or has been taken offline' },
  namingMapSeatNotFound: { zh_CN: '该树木或座位不存在', en: 'This tree or seat does not exist' },
  namingMapMoneyInvalid: { zh_CN: '金额筛选条件不正确', en: 'The amount filter is not valid' },
  artworkTooMany: { zh_CN: '最多选择三幅作品', en: 'at most three works can be chosen' },
  treeAgreementRequired: { zh_CN: '请先签署认植协议', en: 'Please sign the pledge agreement first' },
  treeAgreementUsed: {
    zh_CN: '该认植协议已用于另一笔认植，请为本次认植重新签署协议',
    en: 'This signed agreement already pays for another pledge: please sign a new agreement for this one'
  },
  treeAgreementMismatch: {
    zh_CN: '认植协议与本次认植不符（金额或项目不同），请重新签署',
    en: 'The signed agreement does not match this pledge (amount or project): please sign again'
  },
  namingMapConfigInvalid: { zh_CN: '地图配置不正确：{reason}', en: 'Invalid map config: {reason}' }
} as const
