/** The answer schemas' building blocks live in the contract (types/schema/common.ts, docs/decisions/055-one-contract.md). */
export * from '../../../../types/schema/common'
