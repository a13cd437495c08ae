// Public face of the naming feature: the screens of seat, book-list, form-gm, edit, nameplate-detail,
// mine-gm and the seat campaigns (seat-naming-jnu home/seat/form/edit/success, seat-naming-hhu home/list).
export { default as SeatScreen } from './components/seat/seat-screen'
export { default as BookListScreen } from './components/books/book-list-screen'
export { default as FormGmScreen } from './components/form/form-gm-screen'
export { default as EditScreen } from './components/edit/edit-screen'
export { default as NameplateDetailScreen } from './components/detail/nameplate-detail-screen'
export { default as MineGmScreen } from './components/mine/mine-gm-screen'
export { default as CampaignHomeScreen } from './components/campaign/campaign-home-screen'
export { default as JnuSuccessScreen } from './components/campaign/jnu-success-screen'
export { default as HhuListScreen } from './components/campaign/hhu-list-screen'
