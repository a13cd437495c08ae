// Public face of the home feature: the screen of the home tab (src/pages/home).
export { default as HomeScreen } from './components/home-screen'
export { campaignLinks, type CampaignLink } from './model/campaigns'
