/**
 * The i18n core the app shares with the server and the staff console (message format, defineMessages, lookup,
 * parseLang): it lives in types/i18n.ts, since the server never imports app code (docs/decisions/059-one-route-list.md).
 */
export { defineMessages, definePairs, formatMessage, lookup, parseLang, type Dictionaries, type TParams } from '../../../types/i18n'
