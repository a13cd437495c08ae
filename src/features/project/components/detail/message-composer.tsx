/**
 * Message composer (docs/product §5): at most 140 characters with a live counter; empty is refused under the box, as
 * is the server's refusal of the content (decision 081). Posting
 * needs a token: ensureLogin() may leave the page for authorisation (H5), so the draft is kept in storage and
 * restored when the visitor comes back.
 */
import { useState } from 'react'
import { View, Text, Textarea } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { MESSAGE_MAX } from '@contract'
import { ensureLogin } from '@/lib/bootstrap'
import { toast as showToast } from '@/lib/quiet'
import { errorMessage } from '@/lib/request'
import { FieldErrorLine, FieldErrors, fieldAria, fieldRowId, useFormErrors } from '@/components/form-kit'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { postLeaveword } from '../../api/items'
import { saveDraft, takeDraft } from '../../hooks/use-message-draft'
import { checkMessage, clampMessage, messageLength } from '../../model/message'
import 'taro-ui/lib/style/components/button.scss'
import './message-composer.scss'

const toast = (title: string) => showToast(title, 2000)

export default function MessageComposer({ itemsId, onPosted }: { itemsId: number; onPosted(): void }) {
  const t = useT()
  const theme = useTheme()
  const [text, setText] = useState(() => clampMessage(takeDraft(itemsId)))
  const [sending, setSending] = useState(false)
  const problems = useFormErrors(text)

  const submit = async () => {
    if (sending) return
    const check = checkMessage(text)
    if (check === 'empty') return problems.show(t('project.message.empty'), 'content')
    if (check === 'too-long') return problems.show(t('project.message.tooLong', { max: MESSAGE_MAX }), 'content')
    setSending(true)
    try {
      let signedIn: boolean
      try {
        signedIn = await ensureLogin()
      } catch (e: unknown) {
        toast(errorMessage(e) || t('project.message.loginFailed'))
        return
      }
      if (!signedIn) {
        // leaving for authorisation: the text comes back with the visitor
        saveDraft(itemsId, text)
        return
      }
      const result = await postLeaveword(itemsId, text)
      setText('')
      if (result?.audited) {
        toast(t('project.message.success'))
        onPosted()
      } else {
        toast(t('project.message.pending'))
      }
    } catch (e) {
      // the content refused shows under the box; request() has shown any other refusal or the network error
      problems.refused(e)
    } finally {
      setSending(false)
    }
  }

  const count = messageLength(text)
  // the problems shown under their fields (decision 081)
  const view = (
    <View className='pj-composer' data-testid='message-composer'>
      <View className={`pj-composer__box${problems.errors.content ? ' pj-composer__box--invalid' : ''}`} id={fieldRowId('content')}>
        <Textarea
          {...fieldAria(t('project.message.placeholder'), 'content', problems.errors.content)}
          className='pj-composer__input'
          value={text}
          maxlength={MESSAGE_MAX}
          placeholder={t('project.message.placeholder')}
          placeholderClass='pj-composer__ph'
          onInput={(e) => setText(clampMessage(e.detail.value))}
          data-testid='message-input'
        />
        <Text className={`pj-composer__count ${count >= MESSAGE_MAX ? 'pj-composer__count--full' : ''}`} data-testid='message-count'>
          {count}/{MESSAGE_MAX}
        </Text>
      </View>
      <FieldErrorLine field='content' />
      <View className='pj-composer__actions'>
        <AtButton
          size='small'
          type='primary'
          loading={sending}
          customStyle={{ background: theme, borderColor: theme }}
          onClick={submit}
          className='pj-composer__send'
        >
          {t('project.message.send')}
        </AtButton>
      </View>
    </View>
  )
  return <FieldErrors.Provider value={problems.errors}>{view}</FieldErrors.Provider>
}
