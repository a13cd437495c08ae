/**
 * Touches to viewport changes and taps, as a pure state machine (the component feeds it events; tests feed it
 * numbers). One finger pans, two pinch. docs/product §2 (hhu maps): taps are ignored during a pinch, and also for a
 * moment after it, because the fingers of a pinch rarely leave the glass together and the last one lifting would
 * otherwise read as a tap on whatever is under it.
 */
import { panBy, pinchTo, type Bounds, type Point, type Viewport } from './viewport'

/** A finger that moved more than this many CSS pixels was panning, not tapping. */
export const TAP_SLOP_PX = 8
/** A press longer than this is not a tap (the donor was reading, or scrolling with a resting finger). */
export const TAP_MAX_MS = 700
/** Taps are ignored this long after a pinch ends. */
export const PINCH_COOLDOWN_MS = 350

export interface GestureState {
  mode: 'idle' | 'pan' | 'pinch'
  /** viewport and finger positions when the current mode began */
  start: Viewport | null
  points: Point[]
  /** the single-finger press that may become a tap */
  press: { at: Point; time: number; moved: boolean } | null
  /** true from the moment a second finger lands until every finger has lifted */
  pinched: boolean
  /** when the last pinch ended (-Infinity: never) */
  pinchEndedAt: number
}

export const idleGesture = (): GestureState => ({
  mode: 'idle',
  start: null,
  points: [],
  press: null,
  pinched: false,
  pinchEndedAt: -Infinity
})

export interface GestureStep {
  state: GestureState
  /** the new viewport, when the gesture moved the map */
  viewport?: Viewport
  /** a tap at this screen point */
  tap?: Point
}

/** Fingers touched or lifted: restart the mode from the fingers now down (the view does not jump). */
function rebase(state: GestureState, touches: Point[], vp: Viewport): GestureState {
  if (touches.length >= 2) return { ...state, mode: 'pinch', start: vp, points: touches.slice(0, 2), pinched: true, press: null }
  if (touches.length === 1) return { ...state, mode: 'pan', start: vp, points: touches }
  return { ...state, mode: 'idle', start: null, points: [] }
}

export function touchStart(state: GestureState, touches: Point[], now: number, vp: Viewport): GestureStep {
  const first = state.mode === 'idle'
  let next = rebase(first ? { ...state, pinched: false } : state, touches, vp)
  if (first && touches.length === 1) next = { ...next, press: { at: touches[0], time: now, moved: false } }
  return { state: next }
}

export function touchMove(state: GestureState, touches: Point[], vp: Viewport, b: Bounds): GestureStep {
  if (!state.start || touches.length === 0) return { state }
  if (state.mode === 'pinch' && touches.length >= 2) {
    return { state, viewport: pinchTo(state.start, [state.points[0], state.points[1]], [touches[0], touches[1]], b) }
  }
  if (state.mode === 'pan' && touches.length === 1) {
    const dx = touches[0].x - state.points[0].x
    const dy = touches[0].y - state.points[0].y
    let press = state.press
    if (press && !press.moved && Math.hypot(touches[0].x - press.at.x, touches[0].y - press.at.y) > TAP_SLOP_PX) {
      press = { ...press, moved: true }
    }
    return { state: press === state.press ? state : { ...state, press }, viewport: panBy(state.start, dx, dy, b) }
  }
  // the number of fingers changed without a start/end event (some platforms drop them): continue from here
  return { state: rebase(state, touches, vp) }
}

/** `touches` are the fingers still down. */
export function touchEnd(state: GestureState, touches: Point[], now: number, vp: Viewport): GestureStep {
  const wasPinch = state.mode === 'pinch'
  let next = rebase(state, touches, vp)
  if (wasPinch) next = { ...next, pinchEndedAt: now, press: null }
  if (touches.length > 0) return { state: next }
  const press = state.press
  const tapped =
    press !== null && !press.moved && !state.pinched && now - press.time <= TAP_MAX_MS && now - state.pinchEndedAt >= PINCH_COOLDOWN_MS
  next = { ...next, press: null, pinched: false }
  return tapped ? { state: next, tap: press.at } : { state: next }
}
