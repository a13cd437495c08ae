/**
 * The project columns a list entry reads, shared by the repository (its select) and the mapper (its row type). A
 * module of its own so that neither imports the other: the missing-English list (domain/form/texts.ts) reads the
 * repository, and the mapper reads texts.ts (decision 073).
 */
import type { Selectable } from 'kysely'
import type { ProjectTable } from '../../db/schema'

type Row = Selectable<ProjectTable>

/** The columns a list entry needs (the list reads only these: never `content`, the page's rich text) */
export const SUMMARY_COLUMNS = [
  'id',
  'name',
  'intro',
  'thumbnail_img',
  'is_complete',
  'items_type',
  'crowd_type',
  'is_limit',
  'limit_fen',
  'offline_fen',
  'limit_material_number',
  'offline_material_number',
  'material_name',
  'material_unit',
  'type_id',
  'texts'
] as const satisfies readonly (keyof Row)[]
export type SummaryRow = Pick<Row, (typeof SUMMARY_COLUMNS)[number]>
