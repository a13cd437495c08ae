/** 项目详情: the project's rich text, sanitised; RichText `nodes` renders an HTML string on all three targets. */
import { useMemo } from 'react'
import { RichText, View } from '@tarojs/components'
import { sanitizeHtml } from '@/lib/sanitize'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import './content-pane.scss'

export default function ContentPane({ html }: { html: string }) {
  const t = useT()
  const clean = useMemo(() => sanitizeHtml(html, platform.assetUrl), [html])
  if (!clean.trim()) {
    return (
      <View className='pj-content pj-content--empty' data-testid='pane-detail'>
        {t('project.noContent')}
      </View>
    )
  }
  return (
    <View className='pj-content' data-testid='pane-detail'>
      <RichText nodes={clean} />
    </View>
  )
}
