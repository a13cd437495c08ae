// Public face of the share feature: the hook every shared page calls with its own card (issue 12).
export { useSchoolCard, useShareCard, shareAnswer, timelineAnswer } from './use-share-card'
