// @tarojs/plugin-framework-react ships its runtime entry without type definitions; boot-app.ts uses only this.
declare module '@tarojs/plugin-framework-react/dist/runtime' {
  import type { ComponentType } from 'react'

  /** Bridges the app component into the H5 app object the router mounts (Taro's generated H5 entry calls it). */
  export function createReactApp(App: ComponentType, react: typeof import('react'), dom: object, config: object): unknown
}
