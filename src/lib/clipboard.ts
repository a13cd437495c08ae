/** Copies text and says so (docs/product §8 复制成功); a failed copy is only logged. */
import Taro from '@tarojs/taro'
import { quiet, toast } from './quiet'

export function copyText(text: string, done: string) {
  quiet(() =>
    Taro.setClipboardData({ data: text })
      .then(() => toast(done))
      .catch((e: unknown) => console.warn('copy failed', e))
  )
}
