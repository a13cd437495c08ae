/**
 * The map component's viewport (src/features/map/model/viewport.ts) for the journeys that tap a canvas map: where a
 * point of the map image is drawn on the screen, after the same clamping, zoom steps and pans the component does.
 */
const ZOOM_STEP = 1.5
function boundsOf(config, view) {
  const min = config.minScale > 0 ? config.minScale : 0.1
  const max = config.maxScale >= min ? config.maxScale : min
  return { image: { width: config.width, height: config.height }, view, minScale: min, maxScale: max }
}
const clampScale = (s, b) => Math.min(b.maxScale, Math.max(b.minScale, s))
const clampAxis = (offset, imageLength, viewLength) =>
  imageLength <= viewLength ? (viewLength - imageLength) / 2 : Math.min(0, Math.max(viewLength - imageLength, offset))
function clampViewport(vp, b) {
  const scale = clampScale(vp.scale, b)
  return { scale, x: clampAxis(vp.x, b.image.width * scale, b.view.width), y: clampAxis(vp.y, b.image.height * scale, b.view.height) }
}
const initialViewport = (config, view) =>
  clampViewport({ scale: config.scale || 1, x: config.left || 0, y: config.top || 0 }, boundsOf(config, view))
const panBy = (vp, dx, dy, b) => clampViewport({ ...vp, x: vp.x + dx, y: vp.y + dy }, b)
function zoomStep(vp, factor, b) {
  const s = clampScale(vp.scale * factor, b)
  const anchor = { x: b.view.width / 2, y: b.view.height / 2 }
  const img = { x: (anchor.x - vp.x) / vp.scale, y: (anchor.y - vp.y) / vp.scale }
  return clampViewport({ scale: s, x: anchor.x - img.x * s, y: anchor.y - img.y * s }, b)
}
const toScreen = (vp, p) => ({ x: p.x * vp.scale + vp.x, y: p.y * vp.scale + vp.y })
const centroid = (poly) => ({ x: poly.reduce((s, p) => s + p[0], 0) / poly.length, y: poly.reduce((s, p) => s + p[1], 0) / poly.length })

module.exports = { ZOOM_STEP, boundsOf, clampViewport, initialViewport, panBy, zoomStep, toScreen, centroid }
