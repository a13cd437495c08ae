// Public face of the share feature: the hook every shared page calls with its own card (docs/product §2 Sharing).
export { usePageShare, useSchoolCard, useShareCard, shareAnswer, timelineAnswer, withSchool } from './use-share-card'
export { PosterButton, type PosterFile, type PosterWords } from './poster-button'
