/** notice/subscribe (types/center.ts NoticeSubscribeBody; docs/decisions/049-subscribe-messages.md). */
import { Api, type NoticeSubscribeAnswer, type NoticeSubscribeBody } from '@contract'
import { request } from '@/lib/request'

export function postSubscribe(body: NoticeSubscribeBody): Promise<NoticeSubscribeAnswer> {
  return request<NoticeSubscribeAnswer>({ path: Api.noticeSubscribe, method: 'POST', data: body, silent: true })
}
