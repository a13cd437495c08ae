/**
 * The avatar editor (docs/product §2 Other, §4 avatar edit, §9): choose an image (gif, jpeg, jpg, png, svg), crop it in
 * an overlay (drag, rotate, pinch), then Accept exports the frame as a JPEG (quality 1, width per
 * model/transform.ts exportWidth), uploads it with a progress indicator and saves it as the avatar; Cancel goes
 * back to mine.
 */
import { useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { UPLOAD_LIMITS } from '@contract'
import { platform } from '@/platform'
import { toast } from '@/lib/quiet'
import { ApiError } from '@/lib/request'
import { routeUrl } from '@/lib/routes'
import { t } from '@/store/session'
import { saveAvatar, uploadAvatarFile } from '../api/upload'
import { isAllowedImage } from '../model/file-type'
import { exportPlan, exportWidth, initialCrop, rotate, EXPORT_MIN_WIDTH, type CropState, type Point, type Size } from '../model/transform'

/** docs/product §9: the crop waits 250 ms for the overlay to lay out before it measures. */
export const CROP_WAIT_MS = 250
/** the bottom bar of the overlay, CSS px */
export const BAR_HEIGHT = 112

export type CutStatus = 'idle' | 'preparing' | 'crop' | 'exporting' | 'uploading'

export interface CutGeometry {
  img: Size
  frame: number
  /** frame centre in client coordinates */
  centre: Point
  frameTop: number
  frameLeft: number
}

export function layoutFrame(windowWidth: number, windowHeight: number): { frame: number; frameTop: number; frameLeft: number } {
  const frame = Math.round(Math.max(160, Math.min(windowWidth - 48, windowHeight - BAR_HEIGHT - 160, 520)))
  const frameTop = Math.round((windowHeight - BAR_HEIGHT - frame) / 2)
  const frameLeft = Math.round((windowWidth - frame) / 2)
  return { frame, frameTop, frameLeft }
}

function leave() {
  if ((Taro.getCurrentPages?.() || []).length > 1) platform.nav.back()
  else platform.nav.redirect(routeUrl('mine'))
}

export function useCut() {
  const [status, setStatus] = useState<CutStatus>('idle')
  const [src, setSrc] = useState('')
  const [geometry, setGeometry] = useState<CutGeometry | null>(null)
  const [crop, setCrop] = useState<CropState | null>(null)
  const [progress, setProgress] = useState(0)
  const busy = useRef(false)

  const choose = async () => {
    if (busy.current) return
    const picked = await platform.media.chooseImage()
    if (!picked) return
    if (!isAllowedImage(picked)) {
      toast(t('avatar.type'), 2000)
      return
    }
    setStatus('preparing')
    setSrc(picked.path)
    try {
      const info = await platform.media.imageSize(picked.path)
      await new Promise((r) => setTimeout(r, CROP_WAIT_MS))
      const sys = Taro.getSystemInfoSync()
      // an SVG without intrinsic size reports 0: draw it as a 512 px square
      const img = { width: Number(info.width) || 512, height: Number(info.height) || 512 }
      const box = layoutFrame(sys.windowWidth, sys.windowHeight)
      setGeometry({ img, ...box, centre: { x: box.frameLeft + box.frame / 2, y: box.frameTop + box.frame / 2 } })
      setCrop(initialCrop(img, box.frame))
      setStatus('crop')
    } catch {
      toast(t('avatar.readFailed'), 2000)
      setStatus('idle')
    }
  }

  const turn = (delta: number) => {
    if (geometry && crop && status === 'crop') setCrop(rotate(crop, delta, geometry.img, geometry.frame))
  }

  /** Draws the crop at `width` and writes it as a JPEG file. */
  const render = async (width: number) => {
    if (!geometry || !crop) throw new Error('nothing to export')
    const handle = await platform.getCanvas('#avatar-canvas')
    if (!handle) throw new Error('no canvas')
    const plan = exportPlan(crop, geometry.img, geometry.frame, width)
    const canvas = handle.canvas
    canvas.width = plan.width
    canvas.height = plan.height
    const ctx = canvas.getContext('2d')
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    // JPEG has no transparency: a transparent PNG or SVG would otherwise turn black
    ctx.fillStyle = '#ffffff'
    ctx.fillRect(0, 0, plan.width, plan.height)
    const image = await platform.media.loadCanvasImage(canvas, src)
    ctx.translate(plan.cx, plan.cy)
    ctx.rotate(plan.angle)
    ctx.drawImage(image, -plan.drawWidth / 2, -plan.drawHeight / 2, plan.drawWidth, plan.drawHeight)
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    return platform.media.canvasToJpeg(canvas, { quality: 1, width: plan.width, height: plan.height })
  }

  const accept = async () => {
    if (busy.current || !geometry || !crop) return
    busy.current = true
    setStatus('exporting')
    try {
      let width = exportWidth(crop, geometry.frame)
      let file = await render(width)
      // quality 1 of a detailed photo can pass the 5 MB upload limit: step the width down, not the quality
      while (file.size > UPLOAD_LIMITS.MAX_BYTES && width > EXPORT_MIN_WIDTH) {
        width = Math.max(EXPORT_MIN_WIDTH, Math.round(width * 0.8))
        file = await render(width)
      }
      setStatus('uploading')
      setProgress(0)
      const { fileUrl } = await uploadAvatarFile(file.path, setProgress)
      setProgress(100)
      await saveAvatar(fileUrl)
      toast(t('avatar.saved'))
      leave()
    } catch (e: unknown) {
      // request/upload errors were toasted with the server's message; export failures get ours
      if (!(e instanceof ApiError)) toast(t('avatar.exportFailed'), 2000)
      setStatus('crop')
    } finally {
      busy.current = false
    }
  }

  return { status, src, geometry, crop, setCrop, progress, choose, turn, accept, cancel: leave }
}
