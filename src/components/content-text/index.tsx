/**
 * An app sentence with a person's words inside it ("Started by {name}", "{name} 发起的一起捐"): the sentence is the
 * app's, so the English walk reads it; the words alone sit in an inner element marked `data-content`, the smallest
 * element that holds them (docs/decisions/073-english-everywhere.md).
 */
import { Text } from '@tarojs/components'
import type { MessageKey, Translate } from '@/lib/i18n'

const MARK = '\u0001'

/** The sentence's text before and after the parameter `param` (its words put in by the caller). */
export function around(t: Translate, key: MessageKey, param: string): [string, string] {
  const whole = t(key, { [param]: MARK })
  const at = whole.indexOf(MARK)
  return at < 0 ? [whole, ''] : [whole.slice(0, at), whole.slice(at + MARK.length)]
}

export default function ContentText(props: {
  t: Translate
  k: MessageKey
  param: string
  value: string
  className?: string
  testId?: string
}) {
  const [before, after] = around(props.t, props.k, props.param)
  return (
    <Text className={props.className} data-testid={props.testId}>
      {before}
      <Text data-content=''>{props.value}</Text>
      {after}
    </Text>
  )
}
