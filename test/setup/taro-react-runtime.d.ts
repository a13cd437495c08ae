// @tarojs/plugin-framework-react ships its runtime entry without type definitions; boot-app.ts uses only this.
declare module '@tarojs/plugin-framework-react/dist/runtime' {
  import type { ComponentType } from 'react'
  import type { AppInstance } from '@tarojs/runtime'

  /** Bridges the app component into the app instance the H5 router mounts (Taro's generated H5 entry calls it). */
  export function createReactApp(App: ComponentType, react: typeof import('react'), dom: object, config: object): AppInstance
}
