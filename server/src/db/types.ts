/**
 * The schema lives in ./schema.ts (docs/decisions/058-one-db-schema.md). This name stays only for the files of
 * domain/staff, which still import and augment it; delete it once they import ./schema.
 */
export * from './schema'
