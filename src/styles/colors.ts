/**
 * Token colours for inline styles and component props (AtIcon `color`, computed styles): the CSS custom properties
 * that app.scss puts on every page root from tokens.scss, so components carry no literal colour either. Native
 * attributes that the mini-programs do not resolve as CSS (Swiper indicator colours, canvas fills, app.config) keep
 * literal values.
 */
export const tokenColor = {
  textMuted: 'var(--color-text-muted)',
  borderControl: 'var(--color-border-control)',
  inverse: 'var(--color-text-inverse)'
} as const
