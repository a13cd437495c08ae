/**
 * The accessibility helpers (decision 028): a tappable View gets a role, a tab stop and Enter/Space; images
 * and inputs get their text alternative on the inner element Taro renders on H5.
 */
import { activates, fieldLabel, imageAlt, labelInnerInputs, pressable } from '@/lib/a11y'

describe('pressable', () => {
  it('makes a button: role, tab stop, tap and Enter/Space call the handler', () => {
    const onPress = jest.fn()
    const props = pressable(onPress, { label: '暂停' }) as Record<string, any>
    expect(props).toMatchObject({ role: 'button', tabIndex: 0, 'aria-label': '暂停' })
    props.onClick()
    const preventDefault = jest.fn()
    props.onKeyDown({ key: 'Enter', preventDefault })
    props.onKeyDown({ key: ' ', preventDefault })
    props.onKeyDown({ key: 'a', preventDefault })
    expect(onPress).toHaveBeenCalledTimes(3)
    expect(preventDefault).toHaveBeenCalledTimes(2)
  })

  it('writes states as strings (Taro H5 drops an attribute whose value is false)', () => {
    const props = pressable(() => undefined, { role: 'tab', selected: false }) as Record<string, any>
    expect(props.role).toBe('tab')
    expect(props['aria-selected']).toBe('false')
    expect((pressable(() => undefined, { role: 'checkbox', checked: true }) as any)['aria-checked']).toBe('true')
  })

  it('a link answers Enter only; a disabled control leaves the tab order and ignores keys and taps', () => {
    expect(activates('Enter', 'link')).toBe(true)
    expect(activates(' ', 'link')).toBe(false)
    expect(activates(' ', 'button')).toBe(true)
    const onPress = jest.fn()
    const props = pressable(onPress, { disabled: true }) as Record<string, any>
    expect(props.tabIndex).toBe(-1)
    expect(props['aria-disabled']).toBe('true')
    props.onClick()
    props.onKeyDown({ key: 'Enter' })
    expect(onPress).not.toHaveBeenCalled()
  })

  it('no handler: no control', () => {
    expect(pressable(undefined)).toEqual({})
  })
})

describe('text alternatives', () => {
  it('image alt on the inner <img>; decorative pictures hidden', () => {
    expect(imageAlt('证书')).toEqual({ nativeProps: { alt: '证书' } })
    expect(imageAlt('')).toEqual({ nativeProps: { alt: '', 'aria-hidden': 'true' } })
  })

  it('input label on the inner <input>', () => {
    expect(fieldLabel('姓名')).toEqual({ nativeProps: { 'aria-label': '姓名' } })
  })

  it('labels inputs rendered inside a host now and later', async () => {
    const host = document.createElement('div')
    host.innerHTML = '<input id="a">'
    const stop = labelInnerInputs(host, 'Search projects')
    expect(host.querySelector('#a')!.getAttribute('aria-label')).toBe('Search projects')
    const later = document.createElement('input')
    host.appendChild(later)
    await new Promise((r) => setTimeout(r, 0))
    expect(later.getAttribute('aria-label')).toBe('Search projects')
    stop()
    expect(labelInnerInputs(null, 'x')).toBeInstanceOf(Function)
  })
})
