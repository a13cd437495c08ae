/** The project detail's avatar (messages, directory and joint-donation panes): a failed image falls back to the initial. */
import { act, fireEvent, render, screen } from '@testing-library/react'
import Avatar from '@/features/project/components/detail/avatar'

describe('project detail avatar', () => {
  it('shows the image, and the name initial instead of a broken image when it fails to load', () => {
    const { rerender } = render(<Avatar src='/files/seed/avatar-9.png' name='王小明' />)
    const img = screen.getByTestId('pj-avatar-img')
    expect(img.getAttribute('src')).toContain('/files/seed/avatar-9.png')
    expect(screen.queryByTestId('pj-avatar-initial')).toBeNull()
    act(() => {
      fireEvent.error(img)
    })
    expect(screen.queryByTestId('pj-avatar-img')).toBeNull()
    expect(screen.getByTestId('pj-avatar-initial').textContent).toBe('王')
    // a new URL (a fresh upload) is tried again
    rerender(<Avatar src='/files/uploads/demo/avatar-2.jpg' name='王小明' />)
    expect(screen.getByTestId('pj-avatar-img').getAttribute('src')).toContain('/files/uploads/demo/avatar-2.jpg')
  })

  it('shows the initial without an image, and a dot without a name', () => {
    render(<Avatar name=' Alice' />)
    expect(screen.getByTestId('pj-avatar-initial').textContent).toBe('A')
    document.body.innerHTML = ''
    render(<Avatar />)
    expect(screen.getByTestId('pj-avatar-initial').textContent).toBe('·')
  })
})
