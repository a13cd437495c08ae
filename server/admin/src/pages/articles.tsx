import { useEffect, useState } from 'react'
import { Alert, App, Button, DatePicker, Drawer, Form, Input, Modal, Popconfirm, Space, Table, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { get, post } from '../api'
import { LoadError, PagedTable, RequiredSelect } from '../components'
import { useLoad } from '../hooks'
import { useLang } from '../i18n'
import { ImageField } from './upload-field'
import { RichTextEditor } from './rich-text'
import { articleFormDay, articleListDay, articlePublishDate } from './article-day'
import { StaffApi, staffPath } from '@contract'
import type {
  StaffArticle as Article,
  StaffArticleBody,
  StaffArticleCategoryBody,
  StaffArticleCategoryPage
} from '@contract/schema/staff-console'

/**
 * Articles (the foundation's news) and their categories (editor). The server sanitises the HTML content, the English
 * body exactly as the Chinese one; each English text sits under its Chinese one, as in the project editor
 * (decision 086). `openId` (the path articles/:id, the link of "Missing English") opens that article's editor.
 */
export function ArticlesPage({ openId = null }: { openId?: number | null }) {
  const { t } = useLang()
  const { message } = App.useApp()
  const cats = useLoad(() => get<StaffArticleCategoryPage>(StaffApi.articleCategories), [])
  const categories = cats.data?.rows ?? []
  const [version, setVersion] = useState(0)
  const [editing, setEditing] = useState<Article | 'new' | null>(null)
  const [catOpen, setCatOpen] = useState(false)
  const [err, setErr] = useState('')
  // the stored instant of the article open, so an unchanged day is not sent back
  const [storedDate, setStoredDate] = useState<string | null>(null)
  // the form holds the publishing day as the date picker does; the wire takes YYYY-MM-DD
  const [form] = Form.useForm<Omit<Article, 'publishDate'> & { publishDate?: Dayjs | null }>()
  const open = async (a: Article | 'new') => {
    setErr('')
    form.resetFields()
    setStoredDate(null)
    if (a !== 'new') {
      const full = await get<Article>(staffPath(StaffApi.article, { id: a.id }))
      setStoredDate(full.publishDate)
      form.setFieldsValue({ ...full, publishDate: articleFormDay(full.publishDate) })
    }
    setEditing(a)
  }
  useEffect(() => {
    if (openId) open({ id: openId } as Article).catch((e: Error) => message.error(e.message))
    // only when the path names another article
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openId])
  return (
    <>
      {cats.error && <LoadError error={cats.error} onRetry={cats.reload} />}
      <Space style={{ marginBottom: 16 }}>
        <Button type='primary' onClick={() => open('new')}>
          {t('新建文章', 'New article')}
        </Button>
        <Button onClick={() => setCatOpen(true)}>{t('分类管理', 'Categories')}</Button>
      </Space>
      <PagedTable<Article>
        path={StaffApi.articles}
        rowKey='id'
        version={version}
        columns={[
          { title: t('标题', 'Title'), dataIndex: 'title', ellipsis: true },
          {
            title: t('英文标题', 'Title in English'),
            dataIndex: 'titleEn',
            ellipsis: true,
            render: (v: string) =>
              v || <Typography.Text type='secondary'>{t('（无，显示中文）', '(none: the Chinese is shown)')}</Typography.Text>
          },
          { title: t('分类', 'Category'), dataIndex: 'categoryName' },
          { title: t('发布日期', 'Published'), dataIndex: 'publishDate', render: (v: string) => articleListDay(v) },
          { title: t('阅读', 'Reads'), dataIndex: 'readCount', align: 'right' },
          {
            title: '',
            key: 'op',
            render: (_, a) => (
              <Space>
                <Button size='small' onClick={() => open(a).catch((e: Error) => message.error(e.message))}>
                  {t('编辑', 'Edit')}
                </Button>
                <Popconfirm
                  title={t('删除这篇文章？', 'Delete this article?')}
                  onConfirm={() =>
                    post(staffPath(StaffApi.articleDelete, { id: a.id })).then(
                      () => setVersion((v) => v + 1),
                      (e: Error) => message.error(e.message)
                    )
                  }
                >
                  <Button size='small' danger>
                    {t('删除', 'Delete')}
                  </Button>
                </Popconfirm>
              </Space>
            )
          }
        ]}
      />
      <Drawer
        open={!!editing}
        width={720}
        title={editing === 'new' ? t('新建文章', 'New article') : t('编辑文章', 'Edit article')}
        onClose={() => setEditing(null)}
        destroyOnHidden
        extra={
          <Button type='primary' onClick={() => form.submit()} data-testid='article-save'>
            {t('保存', 'Save')}
          </Button>
        }
      >
        {err && <Alert type='error' showIcon message={err} style={{ marginBottom: 12 }} />}
        <Form
          form={form}
          layout='vertical'
          onFinish={async (v) => {
            setErr('')
            try {
              const body = {
                title: v.title.trim(),
                titleEn: (v.titleEn ?? '').trim(),
                categoryId: v.categoryId,
                thumbnailImage: v.thumbnailImage ?? '',
                content: v.content ?? '',
                contentEn: v.contentEn ?? '',
                ...articlePublishDate(v.publishDate, editing === 'new' ? null : storedDate)
              } satisfies StaffArticleBody
              await post(editing === 'new' ? StaffApi.articles : staffPath(StaffApi.article, { id: (editing as Article).id }), body)
              setEditing(null)
              setVersion((x) => x + 1)
            } catch (e) {
              setErr((e as Error).message)
            }
          }}
        >
          <Form.Item name='title' label={t('标题', 'Title')} rules={[{ required: true, whitespace: true, max: 200 }]}>
            <Input data-testid='article-title' />
          </Form.Item>
          <Form.Item
            name='titleEn'
            label={t('英文标题', 'Title in English')}
            extra={t('留空则英文访客看到中文标题', 'Empty: English visitors see the Chinese title')}
            rules={[{ max: 200 }]}
          >
            <Input data-testid='article-title-en' />
          </Form.Item>
          <Form.Item name='categoryId' label={t('分类', 'Category')} rules={[{ required: true }]}>
            <RequiredSelect options={categories.map((c) => ({ value: c.id, label: c.name }))} />
          </Form.Item>
          <Form.Item name='publishDate' label={t('发布日期（留空为今天）', 'Published on (empty: today)')}>
            <DatePicker data-testid='article-date' />
          </Form.Item>
          <Form.Item name='thumbnailImage' label={t('缩略图', 'Thumbnail')}>
            <ImageField />
          </Form.Item>
          <Form.Item
            name='content'
            label={t('正文', 'Content')}
            rules={[{ required: true, message: t('请填写正文', 'Write the content') }]}
          >
            <RichTextEditor label={t('正文', 'Content')} testId='article-content' />
          </Form.Item>
          <Form.Item
            name='contentEn'
            label={t('英文正文', 'Content in English')}
            extra={t('留空则英文访客看到中文正文', 'Empty: English visitors see the Chinese content')}
          >
            <RichTextEditor label={t('英文正文', 'Content in English')} testId='article-content-en' />
          </Form.Item>
        </Form>
      </Drawer>
      <Modal open={catOpen} title={t('文章分类', 'Article categories')} footer={null} onCancel={() => setCatOpen(false)}>
        <Table
          rowKey='id'
          size='small'
          pagination={false}
          dataSource={categories}
          columns={[{ title: t('名称', 'Name'), dataIndex: 'name' }]}
        />
        <Form
          layout='inline'
          style={{ marginTop: 12 }}
          onFinish={async (v: { name: string }) => {
            try {
              await post(StaffApi.articleCategories, { name: v.name.trim() } satisfies StaffArticleCategoryBody)
              cats.reload()
            } catch (e) {
              message.error((e as Error).message)
            }
          }}
        >
          <Form.Item name='name' rules={[{ required: true, whitespace: true, max: 64 }]}>
            <Input placeholder={t('新分类名称', 'New category')} />
          </Form.Item>
          <Button htmlType='submit'>{t('添加', 'Add')}</Button>
        </Form>
      </Modal>
    </>
  )
}
