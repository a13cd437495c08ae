/** Image fields of the editors: uploaded through POST /uploads (JPEG/PNG/WebP up to 5 MB, sniffed by the server). */
import { App, Button, Image, Space, Upload } from 'antd'
import { upload } from '../api'
import { useLang } from '../i18n'
import { StaffApi } from '@contract'
import type { StaffUpload } from '@contract/schema/staff-projects'

const MAX = 5 * 1024 * 1024

export function checkImage(file: File, t: (zh: string, en: string) => string): string | null {
  if (!/^image\/(jpeg|png|webp)$/.test(file.type)) return t('只能上传 JPEG、PNG 或 WebP 图片', 'Only JPEG, PNG or WebP images')
  if (file.size > MAX) return t('图片不能超过 5 MB', 'At most 5 MB')
  return null
}

export function ImageField({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const { t } = useLang()
  const { message } = App.useApp()
  return (
    <Space>
      {value && <Image alt={t('已上传的图片', 'Uploaded image')} src={value} width={96} height={64} style={{ objectFit: 'cover' }} />}
      <Upload
        accept='image/jpeg,image/png,image/webp'
        showUploadList={false}
        customRequest={({ file }) => {
          const bad = checkImage(file as File, t)
          if (bad) return void message.error(bad)
          upload<StaffUpload>(StaffApi.uploads, file as File).then(
            (r) => onChange?.(r.url),
            (e: Error) => message.error(e.message)
          )
        }}
      >
        <Button>{value ? t('更换图片', 'Replace') : t('上传图片', 'Upload')}</Button>
      </Upload>
      {value && (
        <Button type='link' onClick={() => onChange?.('')}>
          {t('移除', 'Remove')}
        </Button>
      )}
    </Space>
  )
}

export function ImageListField({ value, onChange, max = 9 }: { value?: string[]; onChange?: (v: string[]) => void; max?: number }) {
  const { t } = useLang()
  const { message } = App.useApp()
  const list = value ?? []
  return (
    <Space wrap>
      {list.map((u, i) => (
        <Space key={`${u}-${i}`} direction='vertical' size={2}>
          <Image alt={t('已上传的图片', 'Uploaded image')} src={u} width={96} height={64} style={{ objectFit: 'cover' }} />
          <Button size='small' type='link' onClick={() => onChange?.(list.filter((_, j) => j !== i))}>
            {t('移除', 'Remove')}
          </Button>
        </Space>
      ))}
      {list.length < max && (
        <Upload
          accept='image/jpeg,image/png,image/webp'
          showUploadList={false}
          customRequest={({ file }) => {
            const bad = checkImage(file as File, t)
            if (bad) return void message.error(bad)
            upload<StaffUpload>(StaffApi.uploads, file as File).then(
              (r) => onChange?.([...list, r.url]),
              (e: Error) => message.error(e.message)
            )
          }}
        >
          <Button>{t('添加图片', 'Add image')}</Button>
        </Upload>
      )}
    </Space>
  )
}
