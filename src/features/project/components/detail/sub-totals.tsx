/**
 * Raised per sub-project under the detail summary (docs/product §3 sub-project statistic, `subItemsStatistics`): shown
 * for a project with sub-projects unless the school hides its statistics, titled a ranking when the project ranks them
 * (isSubRank, the server's order). docs/decisions/048-naming-forms-whole.md.
 */
import { Text, View } from '@tarojs/components'
import type { Project } from '@contract'
import { useData } from '@/lib/hooks/use-data'
import { formatCurrency } from '@/lib/money'
import { useT } from '@/store/session'
import { fetchSubItemsStatistics } from '../../api/items'

export default function SubTotals({ project }: { project: Project }) {
  const t = useT()
  const rows = useData(() => fetchSubItemsStatistics(project.id), [project.id]).data
  if (!rows || !rows.length) return null
  const ranked = project.isSubRank === 1
  return (
    <View className='pj-summary__subs' data-testid='sub-totals'>
      <Text className='pj-summary__subs-title'>{t(ranked ? 'project.sub.rank' : 'project.sub.totals')}</Text>
      {rows.map((r, i) => (
        <View key={r.id} className='pj-summary__sub' data-testid={`sub-total-${r.id}`}>
          {ranked ? <Text className='pj-summary__sub-rank'>{i + 1}</Text> : null}
          <Text className='pj-summary__sub-name'>{r.name}</Text>
          <Text className='pj-summary__sub-money'>{formatCurrency(r.completeMoney)}</Text>
        </View>
      ))}
    </View>
  )
}
