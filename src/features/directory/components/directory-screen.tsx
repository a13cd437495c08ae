/**
 * The donation directory (docs/product §2 jzml): search, sort toggles, totals line and the infinite list of gifts.
 * Rendered inside PageShell, so it only mounts once the school's settings are known.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { AtSearchBar } from 'taro-ui'
import ListFooter from '@/components/list-footer'
import { LangSwitch } from '@/components/page-shell'
import { labelInnerInputs } from '@/lib/a11y'
import { useTheme } from '@/lib/hooks/use-page-title'
import { routeUrl } from '@/lib/routes'
import { useShareCard } from '@/features/share'
import { platform } from '@/platform'
import type { ShareCard } from '@/platform/types'
import { useSession, useT } from '@/store/session'
import { useDirectory } from '../hooks/use-directory'
import { toDonorRow, totalsText } from '../model/donor-row'
import DonorRow from './donor-row'
import SortBar from './sort-bar'
import 'taro-ui/lib/style/components/icon.scss'
import 'taro-ui/lib/style/components/search-bar.scss'
import './directory-screen.scss'

export default function DirectoryScreen({ itemsId }: { itemsId?: number }) {
  const t = useT()
  const settings = useSession((s) => s.settings)
  const baseConfig = useSession((s) => s.baseConfig)
  const theme = useTheme()
  const dir = useDirectory(itemsId)
  const [input, setInput] = useState('')
  // AtSearchBar passes nothing to its input: its name is set on the rendered element (H5)
  const searchRef = useRef(null)
  const searchLabel = t('directory.searchPlaceholder')
  useEffect(() => labelInnerInputs(searchRef.current, searchLabel), [searchLabel, itemsId])

  useReachBottom(() => dir.list.loadMore())

  const card: ShareCard = useMemo(
    () => ({
      title: baseConfig?.shareTitle || t('directory.shareTitle'),
      desc: baseConfig?.shareDesc || t('directory.shareDesc'),
      path: routeUrl('jzml', { itemsId }),
      imageUrl: baseConfig?.shareImg ? platform.assetUrl(baseConfig.shareImg) : undefined
    }),
    [baseConfig, itemsId, t]
  )
  useShareCard(card, card)

  const rows = useMemo(() => dir.list.rows.map((r) => toDonorRow(r, t, platform.assetUrl)), [dir.list.rows, t])

  return (
    <View className='directory'>
      <View className='directory__header'>
        {settings.hideDirectorySearch ? (
          <Text className='directory__heading'>{t('route.jzml')}</Text>
        ) : (
          <View className='directory__search' data-testid='directory-search' ref={searchRef} role='search'>
            <AtSearchBar
              value={input}
              placeholder={t('directory.searchPlaceholder')}
              actionName={t('common.search')}
              onChange={(v) => setInput(String(v))}
              onConfirm={() => dir.applySearch(input)}
              onActionClick={() => dir.applySearch(input)}
              onClear={() => {
                setInput('')
                dir.applySearch('')
              }}
            />
          </View>
        )}
        <View className='directory__lang'>
          <LangSwitch />
        </View>
      </View>

      {!settings.hideStatistics && dir.total ? (
        <View className='directory__totals' style={{ backgroundColor: theme }} data-testid='directory-totals'>
          {totalsText(dir.total, t)}
        </View>
      ) : null}

      <SortBar order={dir.order} onTap={dir.tapSort} />

      <View className='directory__list' data-testid='directory-list'>
        {rows.map((row) => (
          <DonorRow key={row.id} row={row} />
        ))}
      </View>
      <ListFooter
        status={dir.list.status}
        count={rows.length}
        loaded={dir.list.loaded}
        emptyKey='directory.empty'
        onRetry={dir.list.reload}
      />
    </View>
  )
}
