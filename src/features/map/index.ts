// Public face of the campus map (docs/product §2 Naming maps): the canvas component, the level trail, and the pure
// scene functions pages and tests need. See README.md.
export { default as MapCanvas, type MapCanvasProps } from './components/map-canvas'
export { useMapTrail, type MapTrailApi } from './hooks/use-map-trail'
export {
  visiblePoints,
  seatLabelsVisible,
  HALL_REVEAL_MS,
  HALL_LABEL_SCALE,
  HALL_INITIAL_SCALE,
  type MapPoint,
  type MapPointKind
} from './model/points'
export { startTrail, openArea, goBack, currentStep, MAX_LEVEL, type MapTrail, type TrailStep, type BackResult } from './model/levels'
export { pointInPolygon, hitPoint, hitArea, hitTest, type MapHit } from './model/hit-test'
export {
  boundsOf,
  clampViewport,
  initialViewport,
  panBy,
  zoomTo,
  zoomStep,
  pinchTo,
  imageToScreen,
  screenToImage,
  type Viewport,
  type Bounds,
  type Point,
  type Size
} from './model/viewport'
