// The charity tax tool (docs/product §2 Tax tool): what pages use.
export { TaxToolScreen } from './components/tax-tool-screen'
export { TaxResultScreen } from './components/tax-result-screen'
