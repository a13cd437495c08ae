/** The policy's plain text as blocks: a line starting with "## " is a heading (domain/privacy/default-policy.ts). */
export interface PolicyBlock {
  kind: 'heading' | 'paragraph'
  text: string
}

export function policyBlocks(content: string): PolicyBlock[] {
  return content
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => (l.startsWith('## ') ? { kind: 'heading', text: l.slice(3).trim() } : { kind: 'paragraph', text: l }))
}

/** The download's file name: the school code and the day, e.g. my-data-demo-2026-11-24.json */
export function exportFileName(schoolCode: string, exportedAt: string): string {
  const day = exportedAt.slice(0, 10).replace(/[^0-9-]/g, '')
  return `my-data-${schoolCode.replace(/[^A-Za-z0-9_-]/g, '') || 'school'}-${day || 'today'}.json`
}
