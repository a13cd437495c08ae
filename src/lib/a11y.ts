/**
 * Accessibility props for Taro components (docs/decisions/028-accessibility.md). On H5 a Taro View is a
 * custom element that neither the keyboard nor a screen reader takes for a control, and Image, Input and Switch
 * render their <img>/<input> inside a custom element where `alt` and `aria-label` reach the inner element only
 * through `nativeProps`. These helpers give every tappable View a role, a name, a tab stop and Enter/Space, and
 * every image and input its text alternative, in one place. On the mini-programs these props are dropped: Taro
 * 4.2's weapp/alipay templates bind a fixed list of attributes per component and none of them is aria-* (checked in
 * @tarojs/shared and the platform plugins). @tarojs/plugin-inject would add them to the templates; it is not
 * installed, so WeChat's aria-label support is not reached yet (decision 028, Not covered).
 */
import type { CommonEvent } from '@tarojs/components'

type KeyEventLike = { key?: string; preventDefault?: () => void; stopPropagation?: () => void }

export type PressRole = 'button' | 'link' | 'tab' | 'checkbox' | 'radio' | 'switch' | 'menuitem'

export interface PressableOptions {
  /** the accessible name, where the element's own text does not say what it does (an icon, a picture) */
  label?: string
  role?: PressRole
  /** aria-checked for checkbox/radio/switch, aria-selected for tab, aria-pressed for a toggle button */
  checked?: boolean
  selected?: boolean
  pressed?: boolean
  expanded?: boolean
  disabled?: boolean
}

/** True for the keys that activate a button (Enter, Space); link-like roles answer Enter only. */
export function activates(key: string | undefined, role: PressRole = 'button'): boolean {
  if (key === 'Enter') return true
  return role !== 'link' && (key === ' ' || key === 'Spacebar')
}

/**
 * Props that make a View behave as a control: `role`, `tabIndex` 0, Enter/Space calling the same handler as a tap,
 * the state attributes of the role, and its name. Spread them on the View: `<View {...pressable(open, { label })}>`.
 */
export function pressable(
  onPress: ((e?: CommonEvent) => unknown) | false | null | undefined,
  options: PressableOptions = {}
): Record<string, unknown> {
  // no handler (a row that only opens something in some states): not a control, no props
  if (typeof onPress !== 'function') return {}
  const role = options.role || 'button'
  const props: Record<string, unknown> = {
    role,
    tabIndex: options.disabled ? -1 : 0,
    onClick: (e?: CommonEvent) => {
      if (!options.disabled) onPress(e)
    },
    onKeyDown: (e: KeyEventLike) => {
      if (options.disabled || !activates(e.key, role)) return
      e.preventDefault?.()
      onPress()
    }
  }
  if (options.label) {
    props['aria-label'] = options.label
  }
  // as strings: Taro's H5 wrapper removes an attribute whose value is boolean false
  if (options.checked !== undefined) props['aria-checked'] = String(options.checked)
  if (options.selected !== undefined) props['aria-selected'] = String(options.selected)
  if (options.pressed !== undefined) props['aria-pressed'] = String(options.pressed)
  if (options.expanded !== undefined) props['aria-expanded'] = String(options.expanded)
  if (options.disabled) props['aria-disabled'] = 'true'
  return props
}

/**
 * Props for a Taro Image: `alt` on the inner <img> (H5). A decorative picture (the text beside it says everything)
 * passes '' and is hidden from screen readers.
 */
export function imageAlt(alt: string): Record<string, unknown> {
  return { nativeProps: alt ? { alt } : { alt: '', 'aria-hidden': 'true' } }
}

/** Props for a Taro Input, Textarea or Switch: its label on the inner <input>/<textarea> (H5). */
export function fieldLabel(label: string): Record<string, unknown> {
  return { nativeProps: { 'aria-label': label } }
}

/**
 * For a third-party control that renders its own Taro Input and passes no props to it (taro-ui's AtSearchBar): puts
 * `aria-label` on every <input> inside `host` now and whenever one appears (Taro's H5 input renders a moment after
 * its host). H5 only: where there is no DOM (the mini-programs, jest without a host) it does nothing. Returns the
 * cleanup for a React effect.
 */
export function labelInnerInputs(host: unknown, label: string): () => void {
  const el = host as { querySelectorAll?: (s: string) => ArrayLike<{ setAttribute(k: string, v: string): void }> } | null
  if (!el || typeof el.querySelectorAll !== 'function' || typeof MutationObserver === 'undefined') return () => undefined
  const apply = () => Array.from(el.querySelectorAll!('input, textarea')).forEach((i) => i.setAttribute('aria-label', label))
  apply()
  const observer = new MutationObserver(apply)
  observer.observe(el as unknown as Node, { childList: true, subtree: true })
  return () => observer.disconnect()
}

/**
 * Props that mark an element as written in `lang` (a BCP 47 tag: 'zh-CN', 'en'), for a part of the page in the other
 * language, such as a language named in itself ("中文" on an English page): screen readers read it in that language,
 * and the English walk (test/e2e/english-walk.e2e.js, decision 073) takes it as meant. Spread: Taro's View declares no
 * `lang`, and H5 passes it to the element.
 */
export function inLanguage(lang: 'zh-CN' | 'en'): Record<string, unknown> {
  return { lang }
}
