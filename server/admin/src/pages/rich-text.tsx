/**
 * The rich-text editor of articles and project pages (docs/decisions/083-console-gift-drawer-and-bulk-actions.md):
 * staff format with buttons (headings, bold, italic, lists, links, images uploaded like every other image) instead of
 * typing HTML; "HTML" shows the source for the rare fix by hand. The value stays an HTML string, the same field the
 * server sanitises on save (domain/project/html.ts) and the app sanitises again on render (src/lib/sanitize.ts).
 * Pasted content is cleaned here with the same kind of whitelist, so what staff see is what will be kept.
 */
import { useEffect, useRef, useState } from 'react'
import { App, Button, Input, Space, Tooltip, Upload } from 'antd'
import { FilterXSS, getDefaultWhiteList } from 'xss'
import { upload } from '../api'
import { useLang } from '../i18n'
import { checkImage } from './upload-field'
import { StaffApi } from '@contract'
import type { StaffUpload } from '@contract/schema/staff-projects'

const whiteList = getDefaultWhiteList()
whiteList.img = ['src', 'alt', 'width', 'height']
const clean = new FilterXSS({
  whiteList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template'],
  safeAttrValue(_tag, name, value) {
    if ((name === 'src' || name === 'href') && !/^\s*(https?:|\/(?!\/)|mailto:)/i.test(value)) return ''
    return value.replace(/"/g, '&quot;')
  }
})

/** pasted or typed HTML -> what the editor keeps: formatting tags, links and images with http(s) or site paths */
export const cleanHtml = (html: string) => clean.process(html)

type Command = { cmd: string; arg?: string; zh: string; en: string; label: string }
const COMMANDS: Command[] = [
  { cmd: 'formatBlock', arg: 'h2', zh: '标题', en: 'Heading', label: 'H2' },
  { cmd: 'formatBlock', arg: 'h3', zh: '小标题', en: 'Subheading', label: 'H3' },
  { cmd: 'formatBlock', arg: 'p', zh: '正文段落', en: 'Paragraph', label: '¶' },
  { cmd: 'bold', zh: '加粗', en: 'Bold', label: 'B' },
  { cmd: 'italic', zh: '斜体', en: 'Italic', label: 'I' },
  { cmd: 'insertUnorderedList', zh: '项目列表', en: 'Bulleted list', label: '•' },
  { cmd: 'insertOrderedList', zh: '编号列表', en: 'Numbered list', label: '1.' },
  { cmd: 'removeFormat', zh: '清除格式', en: 'Clear formatting', label: '⌫' }
]

export function RichTextEditor({
  value,
  onChange,
  id,
  label,
  testId
}: {
  value?: string
  onChange?: (html: string) => void
  id?: string
  /** the field's name for screen readers */
  label: string
  testId?: string
}) {
  const { t } = useLang()
  const { message, modal } = App.useApp()
  const box = useRef<HTMLDivElement>(null)
  const [source, setSource] = useState(false)
  // the editor owns its DOM while focused; a value from outside (load, reset, source view) is written in only when
  // it differs, so the caret never jumps while staff type
  useEffect(() => {
    const el = box.current
    if (el && !source && el.innerHTML !== (value ?? '')) el.innerHTML = value ?? ''
  }, [value, source])
  const emit = () => {
    const el = box.current
    if (!el) return
    // an editor emptied by the browser leaves <br> or an empty paragraph behind: that is no content
    const html = el.textContent?.trim() || el.querySelector('img') ? el.innerHTML : ''
    onChange?.(html)
  }
  const exec = (cmd: string, arg?: string) => {
    box.current?.focus()
    document.execCommand(cmd, false, arg)
    emit()
  }
  const insertLink = () => {
    const selection = window.getSelection()
    const range = selection && selection.rangeCount ? selection.getRangeAt(0).cloneRange() : null
    let url = ''
    modal.confirm({
      title: t('插入链接', 'Insert a link'),
      content: <Input autoFocus placeholder='https://' onChange={(e) => (url = e.target.value.trim())} data-testid='rich-link-url' />,
      onOk: () => {
        if (!/^https?:\/\/\S+$/i.test(url)) {
          message.error(t('请输入以 http:// 或 https:// 开头的网址', 'Enter an address starting with http:// or https://'))
          return Promise.reject(new Error('bad url'))
        }
        box.current?.focus()
        if (range) {
          selection!.removeAllRanges()
          selection!.addRange(range)
        }
        if (range && !range.collapsed) document.execCommand('createLink', false, url)
        else document.execCommand('insertHTML', false, cleanHtml(`<a href="${url.replace(/"/g, '')}">${url.replace(/</g, '&lt;')}</a>`))
        emit()
        return Promise.resolve()
      }
    })
  }
  return (
    <div data-testid={testId} style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Space
        wrap
        size={4}
        style={{ padding: 6, borderBottom: '1px solid #f0f0f0', width: '100%', boxSizing: 'border-box' }}
        role='toolbar'
        aria-label={t('格式', 'Formatting')}
      >
        {COMMANDS.map((c) => (
          <Tooltip key={c.cmd + (c.arg ?? '')} title={t(c.zh, c.en)}>
            <Button
              size='small'
              aria-label={t(c.zh, c.en)}
              disabled={source}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => exec(c.cmd, c.arg)}
              data-testid={`rich-${c.cmd}${c.arg ? `-${c.arg}` : ''}`}
            >
              {c.label}
            </Button>
          </Tooltip>
        ))}
        <Button size='small' disabled={source} onMouseDown={(e) => e.preventDefault()} onClick={insertLink} data-testid='rich-link'>
          {t('链接', 'Link')}
        </Button>
        <Upload
          accept='image/jpeg,image/png,image/webp'
          showUploadList={false}
          disabled={source}
          customRequest={({ file }) => {
            const bad = checkImage(file as File, t)
            if (bad) return void message.error(bad)
            upload<StaffUpload>(StaffApi.uploads, file as File).then(
              (r) => exec('insertHTML', cleanHtml(`<img src="${r.url}" alt="" />`)),
              (e: Error) => message.error(e.message)
            )
          }}
        >
          <Button size='small' disabled={source} data-testid='rich-image'>
            {t('图片', 'Image')}
          </Button>
        </Upload>
        <Button size='small' type={source ? 'primary' : 'default'} onClick={() => setSource((s) => !s)} data-testid='rich-source'>
          HTML
        </Button>
      </Space>
      {source ? (
        <Input.TextArea
          id={id}
          aria-label={`${label} (HTML)`}
          rows={12}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          variant='borderless'
          data-testid={testId ? `${testId}-source` : undefined}
        />
      ) : (
        <div
          id={id}
          ref={box}
          role='textbox'
          aria-multiline='true'
          aria-label={label}
          contentEditable
          suppressContentEditableWarning
          onInput={emit}
          onBlur={emit}
          onPaste={(e) => {
            e.preventDefault()
            const html = e.clipboardData.getData('text/html')
            const text = e.clipboardData.getData('text/plain')
            const safe = html
              ? cleanHtml(html)
              : text
                  .split(/\n{2,}/)
                  .map((p) => `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n/g, '<br>')}</p>`)
                  .join('')
            document.execCommand('insertHTML', false, safe)
            emit()
          }}
          style={{ minHeight: 240, maxHeight: 520, overflowY: 'auto', padding: '8px 12px', outline: 'none', lineHeight: 1.7 }}
          data-testid={testId ? `${testId}-box` : undefined}
        />
      )}
    </div>
  )
}
