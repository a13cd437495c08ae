/** One gift in the directory: avatar, donor, project (and sub-project), date, amount. */
import { Text, View } from '@tarojs/components'
import { useTheme } from '@/lib/hooks/use-page-title'
import type { DonorRowView } from '../model/donor-row'
import DonorAvatar from './donor-avatar'
import './donor-row.scss'

export default function DonorRow({ row }: { row: DonorRowView }) {
  const theme = useTheme()
  return (
    <View className='donor-row' data-testid='donor-row'>
      <DonorAvatar url={row.avatarUrl} />
      <View className='donor-row__main'>
        <View className='donor-row__top'>
          {/* the donor's name as the donor gave it (school and user content, decision 073) */}
          <Text className='donor-row__name' data-testid='donor-name' data-content=''>
            {row.name}
          </Text>
          <Text className='donor-row__amount' style={{ color: theme }} data-testid='donor-amount'>
            {row.amountText}
          </Text>
        </View>
        <View className='donor-row__project'>
          <Text className='donor-row__project-name'>{row.projectName}</Text>
          {row.subProjectName ? (
            <Text className='donor-row__sub' data-testid='donor-sub'>
              {row.subProjectName}
            </Text>
          ) : null}
        </View>
        <Text className='donor-row__date' data-testid='donor-date'>
          {row.date}
        </Text>
      </View>
    </View>
  )
}
