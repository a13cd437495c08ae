// Public face of the campaign feature (docs/product §2 Naming): the screens of the campaign homes, map pages
// and donor lists, each driven by its row of the campaign table (model/campaigns.ts).
export { default as CampaignHomeScreen } from './components/home-screen'
export { default as CampaignMapScreen } from './components/map-screen'
export { default as DonorListScreen } from './components/donor-list-screen'
