/**
 * One domain's strings in both languages. The zh_CN object is the source of the key set (its keys are inferred as
 * literals, as with `as const`), and the en object must have exactly those keys: a key missing from English or
 * present only in English is a compile error at the dictionary, not a raw key on screen.
 */
export function defineMessages<const Zh extends Record<string, string>>(messages: { zh_CN: Zh; en: NoInfer<{ [K in keyof Zh]: string }> }) {
  return messages
}
