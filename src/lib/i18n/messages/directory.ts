// Strings of this domain's pages. Keep zh_CN and en in step (test/unit/i18n.test.ts checks).
export default {
  zh_CN: {} as Record<string, string>,
  en: {} as Record<string, string>
}
