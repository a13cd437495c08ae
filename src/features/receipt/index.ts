// Public face of the receipt feature: the screens of mine-paper and mine-paper-detail.
export { default as ReceiptScreen } from './components/receipt-screen'
export { default as ReceiptDetailScreen } from './components/receipt-detail-screen'
