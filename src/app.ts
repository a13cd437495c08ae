import { PropsWithChildren } from 'react'
import { useLaunch } from '@tarojs/taro'
import { platform } from '@/platform'
import { bootstrap } from '@/lib/bootstrap'

// taro-ui styles are imported per component (not the whole index) to keep the weapp main package small.
import 'taro-ui/lib/style/components/icon.scss'
import 'taro-ui/lib/style/components/toast.scss'
import 'taro-ui/lib/style/components/activity-indicator.scss'
import 'taro-ui/lib/style/components/loading.scss'
import './app.scss'

function App({ children }: PropsWithChildren) {
  useLaunch(() => {
    bootstrap(platform.launchQuery())
  })
  return children
}

export default App
