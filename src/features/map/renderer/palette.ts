/**
 * Canvas fills of the map. A 2d context does not resolve CSS custom properties, so these are literal colours
 * (src/styles/colors.ts: "canvas fills keep literal values"), kept in this one place. The selected ring takes the
 * school's theme colour when the page passes it.
 */
import type { MapSeatStatus } from '@contract'

export interface MapPalette {
  status: Record<MapSeatStatus, string>
  outline: string
  selected: string
  stamp: string
  stampText: string
  labelBg: string
  labelText: string
  seatLabel: string
  background: string
}

export const DEFAULT_PALETTE: MapPalette = {
  // 1 free (green: available), 2 named (the stamp's red), 3 unavailable or held (grey)
  status: { 1: '#2f9e57', 2: '#c8102e', 3: '#9aa0a6' },
  outline: '#ffffff',
  selected: '#f5a623',
  stamp: 'rgba(200, 16, 46, 0.92)',
  stampText: '#ffffff',
  labelBg: 'rgba(0, 0, 0, 0.62)',
  labelText: '#ffffff',
  seatLabel: '#1f2329',
  background: '#e8eef0'
}
