/**
 * A test's fake timers must not stop Taro's H5 components from rendering for the rest of the file (jest.config.js
 * `fakeTimers`): Stencil schedules its renders with requestAnimationFrame, and a render asked for while the clock was
 * fake was dropped with that clock, leaving Stencil's queue flagged as pending: no <Canvas> drew its inner canvas
 * again (the map pages of campaign-pages.test.tsx then never left "loading").
 */
import { render, waitFor } from '@testing-library/react'
import { Canvas, View } from '@tarojs/components'

it('a Canvas rendered after a fake-timer window still gets its inner <canvas>', async () => {
  const first = render(<Canvas type='2d' id='before' />)
  await waitFor(() => expect(first.container.querySelector('#before canvas')).not.toBeNull())
  jest.useFakeTimers()
  try {
    // a render asked for while the clock is fake
    render(<Canvas type='2d' id='during' />)
    render(<View>while the clock is fake</View>)
  } finally {
    jest.useRealTimers()
  }
  const after = render(<Canvas type='2d' id='after' />)
  await waitFor(() => expect(after.container.querySelector('#after canvas')).not.toBeNull(), { timeout: 5000 })
})
