/**
 * The attributes config/mini-aria.js adds to WeChat's templates and to the runtime's component list; one list, so the
 * build and the runtime alias them alike. Values are the template's default expression (Taro's convention).
 */
const ARIA = { ariaLabel: "''", role: "''" }
const ARIA_COMPONENTS = { View: { ...ARIA }, Text: { ...ARIA }, Image: { ariaLabel: "''" } }

module.exports = { ARIA_COMPONENTS }
