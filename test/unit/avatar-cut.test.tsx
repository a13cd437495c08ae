/**
 * The avatar editor page (cut) with the platform's media seams spied on (the picker, the canvas, the JPEG file)
 * and the HTTP boundary stubbed (Taro.request for updateUser, Taro.uploadFile for the upload).
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import CutPage from '@/pkg-mine/cut/index'
import { platform } from '@/platform'
import { useSession } from '@/store/session'
import { bootSession, ok, setQuery, stubApi, toastSpy, type Call } from './project-fixtures'

interface Ctx {
  ops: string[]
  draws: number[][]
}

function fakeCanvas(): { canvas: any; ctx: Ctx } {
  const ctx: Ctx = { ops: [], draws: [] }
  const c2d = {
    setTransform: () => ctx.ops.push('setTransform'),
    fillRect: (...a: number[]) => ctx.ops.push(`fillRect ${a.join(',')}`),
    translate: (x: number, y: number) => ctx.ops.push(`translate ${x.toFixed(1)},${y.toFixed(1)}`),
    rotate: (a: number) => ctx.ops.push(`rotate ${a.toFixed(4)}`),
    drawImage: (_img: unknown, ...a: number[]) => ctx.draws.push(a),
    fillStyle: ''
  }
  const canvas = { width: 0, height: 0, getContext: () => c2d }
  return { canvas, ctx }
}

function mockUpload(answer: unknown) {
  return jest.spyOn(Taro, 'uploadFile').mockImplementation(((opts: any) => {
    let listener: ((r: { progress: number }) => void) | null = null
    const p: any = new Promise((resolve) => {
      setTimeout(() => {
        listener?.({ progress: 40 })
        listener?.({ progress: 100 })
        resolve({ statusCode: 200, data: JSON.stringify(answer), errMsg: 'uploadFile:ok' })
      }, 0)
    })
    p.onProgressUpdate = (cb: any) => {
      listener = cb
    }
    p.opts = opts
    return p
  }) as any)
}

async function openCut() {
  setQuery('/pkg-mine/cut/index', {})
  render(<CutPage />)
  await screen.findByTestId('cut-screen')
  await act(async () => undefined)
}

beforeEach(() => {
  jest.restoreAllMocks()
  bootSession()
  useSession.setState({ token: 'tok-41' })
  jest.spyOn(Taro, 'getSystemInfoSync').mockReturnValue({ windowWidth: 390, windowHeight: 800, pixelRatio: 2 } as any)
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'pages/mine/index' }, { route: 'pkg-mine/cut/index' }] as any)
})

describe('cut', () => {
  it('refuses other image types with a toast and keeps the footer', async () => {
    stubApi({ my: () => ok({ avatar: '/files/seed/avatar-1.png' }) })
    const toast = toastSpy()
    jest
      .spyOn(platform.media, 'chooseImage')
      .mockResolvedValue({ path: 'blob:http://localhost/1', size: 1000, type: 'image/webp', name: 'a.webp' })
    await openCut()
    fireEvent.click(screen.getByTestId('cut-choose').querySelector('.at-button')!)
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '仅支持 gif、jpeg、jpg、png、svg 格式的图片' }))
    )
    expect(screen.queryByTestId('crop-overlay')).toBeNull()
    expect(screen.getByTestId('cut-footer')).toBeTruthy()
  })

  it('crops, exports a JPEG of quality 1 at 2650 px, uploads with progress, saves the avatar and goes back', async () => {
    const toast = toastSpy()
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'ok' } as any)
    const calls: Call[] = stubApi({ my: () => ok({ avatar: '' }), updateUser: () => ok(null) })
    const { canvas, ctx } = fakeCanvas()
    jest
      .spyOn(platform.media, 'chooseImage')
      .mockResolvedValue({ path: 'blob:http://localhost/photo', size: 3_000_000, type: 'image/png', name: 'me.png' })
    jest.spyOn(platform.media, 'imageSize').mockResolvedValue({ width: 4000, height: 3000 })
    jest.spyOn(platform.media, 'loadCanvasImage').mockResolvedValue({ id: 'img' })
    const jpeg = jest.spyOn(platform.media, 'canvasToJpeg').mockResolvedValue({ path: 'blob:http://localhost/out', size: 900_000 })
    jest.spyOn(platform, 'getCanvas').mockResolvedValue({ canvas, ctx: null, width: 10, height: 10, dpr: 2 })
    const upload = mockUpload({ code: 0, message: 'success', data: { fileUrl: '/files/uploads/demo/new.jpg' } })

    await openCut()
    fireEvent.click(screen.getByTestId('cut-choose').querySelector('.at-button')!)
    await screen.findByTestId('crop-overlay')
    // docs/product §4: the footer is hidden while cropping
    expect(screen.queryByTestId('cut-footer')).toBeNull()
    await waitFor(() => expect(screen.getByTestId('crop-image')).toBeTruthy(), { timeout: 10000 })
    const img = screen.getByTestId('crop-image') as HTMLElement
    // frame 342 px (390 - 48): the 3000 px side fills it
    expect(img.style.height).toBe('342px')
    expect(img.style.width).toBe('456px')

    fireEvent.click(screen.getByTestId('crop-rotate-right'))
    await waitFor(() => expect((screen.getByTestId('crop-image') as HTMLElement).style.transform).toBe('rotate(90deg)'))
    fireEvent.click(screen.getByTestId('crop-accept'))
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '头像已更新' })), { timeout: 10000 })

    expect(canvas.width).toBe(2650)
    expect(canvas.height).toBe(2650)
    expect(ctx.ops).toContain('fillRect 0,0,2650,2650')
    expect(ctx.ops).toContain('translate 1325.0,1325.0')
    expect(ctx.ops).toContain(`rotate ${(Math.PI / 2).toFixed(4)}`)
    const [dx, dy, dw, dh] = ctx.draws[0]
    expect(dw).toBeCloseTo((4000 * 2650) / 3000)
    expect(dh).toBeCloseTo(2650)
    expect(dx).toBeCloseTo(-dw / 2)
    expect(dy).toBeCloseTo(-dh / 2)
    expect(jpeg).toHaveBeenCalledWith(canvas, { quality: 1, width: 2650, height: 2650 })

    const sent = (upload.mock.results[0].value as any).opts
    expect(sent.url).toMatch(/^\/api\/demo\/uplus-system\/api\/v1\/file\/upload\?lang=zh_CN$/)
    expect(sent.name).toBe('file')
    expect(sent.filePath).toBe('blob:http://localhost/out')
    expect(sent.header.Authorization).toBe('tok-41')
    expect(sent.header.nonce).toMatch(/^[A-Za-z0-9]{32}$/)
    expect(calls.find((c) => c.path.endsWith('/updateUser'))!.data).toEqual({ avatar: '/files/uploads/demo/new.jpg' })
    expect(back).toHaveBeenCalled()
  })

  it('shows the upload progress, and a refused upload returns to the crop with the server message', async () => {
    const toast = toastSpy()
    stubApi({ my: () => ok({ avatar: '' }) })
    const { canvas } = fakeCanvas()
    jest.spyOn(platform.media, 'chooseImage').mockResolvedValue({ path: 'wxfile://tmp_1.jpg', size: 1, type: '', name: '' })
    jest.spyOn(platform.media, 'imageSize').mockResolvedValue({ width: 800, height: 800 })
    jest.spyOn(platform.media, 'loadCanvasImage').mockResolvedValue({})
    // the first export is too big for the 5 MB limit: the width steps down
    const jpeg = jest
      .spyOn(platform.media, 'canvasToJpeg')
      .mockResolvedValueOnce({ path: 'p1', size: 6 * 1024 * 1024 })
      .mockResolvedValue({ path: 'p2', size: 2 * 1024 * 1024 })
    jest.spyOn(platform, 'getCanvas').mockResolvedValue({ canvas, ctx: null, width: 10, height: 10, dpr: 2 })
    let release: () => void = () => undefined
    jest.spyOn(Taro, 'uploadFile').mockImplementation((() => {
      let listener: any = null
      const p: any = new Promise((resolve) => {
        release = () => resolve({ statusCode: 200, data: JSON.stringify({ code: -1, message: '文件过大', data: null }) })
      })
      p.onProgressUpdate = (cb: any) => {
        listener = cb
        setTimeout(() => listener({ progress: 37 }), 0)
      }
      return p
    }) as any)

    await openCut()
    fireEvent.click(screen.getByTestId('cut-choose').querySelector('.at-button')!)
    await waitFor(() => expect(screen.getByTestId('crop-image')).toBeTruthy(), { timeout: 10000 })
    fireEvent.click(screen.getByTestId('crop-accept'))
    await waitFor(() => expect(screen.getByTestId('upload-progress').textContent).toContain('正在上传 37%'), { timeout: 10000 })
    // 800 source pixels across the frame: exported at 800, then 640 after the too-large file
    expect(jpeg.mock.calls.map((c) => c[1].width)).toEqual([800, 640])
    act(() => release())
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '文件过大' })))
    await waitFor(() => expect(screen.queryByTestId('upload-progress')).toBeNull())
    expect(screen.getByTestId('crop-overlay')).toBeTruthy()
  })

  it('Cancel goes back to mine', async () => {
    stubApi({ my: () => ok({ avatar: '' }) })
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'ok' } as any)
    await openCut()
    fireEvent.click(screen.getByTestId('cut-back'))
    expect(back).toHaveBeenCalled()
  })
})
