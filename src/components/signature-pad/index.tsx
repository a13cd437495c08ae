/**
 * The handwriting pad of agreements (docs/product §2 tree-naming-hhu/preview 304x126, contract-cpu/signature 350x200):
 * a canvas through @/platform (a type='2d' Canvas node in the mini-programs, an HTMLCanvasElement in H5), strokes
 * from touches and the mouse, clear (or 'refresh'), and finish, which exports a PNG on white (docs/product §9) and
 * refuses a blank pad with 'please sign first' (§5). The stroke rules are pure (./strokes.ts).
 */
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react'
import { Canvas, Text, View } from '@tarojs/components'
import { platform } from '@/platform'
import type { CanvasHandle } from '@/platform/types'
import { toast } from '@/lib/quiet'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { beginStroke, emptyStrokes, extendStroke, isBlank, type Point, type Strokes } from './strokes'
import './index.scss'
import { pressable } from '@/lib/a11y'

export interface SignaturePadHandle {
  clear(): void
  isBlank(): boolean
  /** the PNG's local path (H5: a blob: URL), or null after telling the donor to sign first */
  finish(): Promise<string | null>
}

interface Props {
  width: number
  height: number
  /** unique on the page */
  canvasId?: string
  /** 'refresh' (hhu) or 'clear' (cpu): the wording of the reset button */
  resetLabel?: 'refresh' | 'clear'
  /** the words under the line while nothing is drawn */
  hint?: string
  busy?: boolean
  onFinish?(pngPath: string): void
}

const INK = '#000000'
const PAPER = '#ffffff'

type Touch = { clientX?: number; clientY?: number; pageX?: number; pageY?: number; x?: number; y?: number }

const SignaturePad = forwardRef<SignaturePadHandle, Props>(function SignaturePad(props, ref) {
  const { width, height, canvasId = 'signature-pad', resetLabel = 'clear', hint, busy, onFinish } = props
  const t = useT()
  const theme = useTheme()
  const handle = useRef<CanvasHandle | null>(null)
  const strokes = useRef<Strokes>(emptyStrokes())
  const drawing = useRef(false)
  const origin = useRef({ x: 0, y: 0 })
  const [blank, setBlank] = useState(true)
  const [ready, setReady] = useState(false)

  const paintPaper = useCallback(() => {
    const h = handle.current
    if (!h) return
    h.ctx.fillStyle = PAPER
    h.ctx.fillRect(0, 0, h.width, h.height)
  }, [])

  useEffect(() => {
    let alive = true
    // the canvas node exists after the first render (a modal's content after it opens): ask on the next tick
    const timer = setTimeout(() => {
      platform.getCanvas(`#${canvasId}`).then((h) => {
        if (!alive || !h) return
        handle.current = h
        origin.current = { x: h.left || 0, y: h.top || 0 }
        h.ctx.lineCap = 'round'
        h.ctx.lineJoin = 'round'
        h.ctx.lineWidth = width > 320 ? 4 : 3
        h.ctx.strokeStyle = INK
        paintPaper()
        setReady(true)
      })
    }, 50)
    return () => {
      alive = false
      clearTimeout(timer)
    }
  }, [canvasId, width, paintPaper])

  // H5: the canvas element knows where it is now (a modal may have moved since); the mini-programs' node does not
  const refreshOrigin = () => {
    const rect = handle.current?.canvas?.getBoundingClientRect?.()
    if (rect) origin.current = { x: rect.left, y: rect.top }
  }
  const local = (p: Touch | undefined): Point | null => {
    if (!p) return null
    if (p.clientX !== undefined || p.pageX !== undefined)
      return { x: (p.clientX ?? p.pageX ?? 0) - origin.current.x, y: (p.clientY ?? p.pageY ?? 0) - origin.current.y }
    return p.x !== undefined ? { x: p.x, y: p.y ?? 0 } : null
  }

  const start = (p: Point | null) => {
    if (!p || !handle.current || busy) return
    drawing.current = true
    strokes.current = beginStroke(strokes.current, p, width, height)
  }
  const move = (p: Point | null) => {
    const h = handle.current
    if (!p || !h || !drawing.current) return
    const r = extendStroke(strokes.current, p, width, height)
    strokes.current = r.strokes
    if (!r.segment) return
    h.ctx.beginPath()
    h.ctx.moveTo(r.segment[0].x, r.segment[0].y)
    h.ctx.lineTo(r.segment[1].x, r.segment[1].y)
    h.ctx.stroke()
    if (blank && !isBlank(strokes.current)) setBlank(false)
  }
  const end = () => {
    drawing.current = false
  }

  const clear = useCallback(() => {
    strokes.current = emptyStrokes()
    drawing.current = false
    paintPaper()
    setBlank(true)
  }, [paintPaper])

  const finish = useCallback(async (): Promise<string | null> => {
    const h = handle.current
    if (!h || isBlank(strokes.current)) {
      toast(t('signature.empty'), 2000)
      return null
    }
    const file = await platform.media.canvasToPng(h.canvas, { width: h.width, height: h.height })
    return file.path
  }, [t])

  useImperativeHandle(ref, () => ({ clear, isBlank: () => isBlank(strokes.current), finish }), [clear, finish])

  // mouse props are H5 only; Taro's ViewProps does not list them, the H5 View passes them to its div
  const handlers: Record<string, (e: any) => void> = {
    onTouchStart: (e) => {
      refreshOrigin()
      start(local(e.touches?.[0] ?? e.changedTouches?.[0]))
    },
    onTouchMove: (e) => {
      e.preventDefault?.()
      move(local(e.touches?.[0] ?? e.changedTouches?.[0]))
    },
    onTouchEnd: end,
    onTouchCancel: end,
    onMouseDown: (e) => {
      refreshOrigin()
      start(local(e))
    },
    onMouseMove: (e) => move(local(e)),
    onMouseUp: end,
    onMouseLeave: end
  }

  return (
    <View className='sig-pad' data-testid='signature-pad'>
      <View className='sig-pad__paper' style={{ width: `${width}px`, height: `${height}px` }} catchMove {...handlers}>
        <Canvas type='2d' id={canvasId} className='sig-pad__canvas' style={{ width: `${width}px`, height: `${height}px` }} />
        {blank && hint ? <Text className='sig-pad__hint'>{hint}</Text> : null}
      </View>
      <View className='sig-pad__actions'>
        <View className='sig-pad__btn' role='button' {...pressable(clear)} data-testid='signature-clear'>
          {t(resetLabel === 'refresh' ? 'signature.refresh' : 'signature.clear')}
        </View>
        <View
          className={`sig-pad__btn sig-pad__btn--primary${busy || !ready ? ' sig-pad__btn--busy' : ''}`}
          style={{ background: theme }}
          role='button'
          data-testid='signature-finish'
          {...pressable(async () => {
            if (busy || !ready) return
            const path = await finish().catch(() => null)
            if (path) onFinish?.(path)
          })}
        >
          {t('signature.finish')}
        </View>
      </View>
    </View>
  )
})

export default SignaturePad
export { isBlank as strokesBlank } from './strokes'
