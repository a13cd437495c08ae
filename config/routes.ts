// Taro page path -> SPEC §2 route name. Used by the H5 router (customRoutes) and mirrored in src/lib/routes.ts.
export const H5_ROUTES: Record<string, string> = {
  '/pages/subject/index': '/subject',
  '/pages/subject-cpu/index': '/subject-cpu',
  '/pages/login/index': '/login',
  '/pages/mine/index': '/mine',
  '/pkg-mine/mine-don/index': '/mine-don',
  '/pkg-mine/mine-together/index': '/mine-together',
  '/pkg-mine/mine-gm/index': '/mine-gm',
  '/pkg-mine/award/index': '/award',
  '/pkg-mine/cut/index': '/cut',
  '/pkg-project/detail/index': '/subject-detail',
  '/pkg-project/jzml/index': '/jzml',
  '/pkg-article/list/index': '/list',
  '/pkg-article/list-page/index': '/list-page',
  '/pkg-donate/form/index': '/form',
  '/pkg-donate/agree-content/index': '/agree-content',
  '/pkg-cert/mine-certificate/index': '/mine-certificate',
  '/pkg-cert/mine-certificate-detail/index': '/mine-certificate-detail',
  '/pkg-cert/mine-paper/index': '/mine-paper',
  '/pkg-cert/mine-paper-detail/index': '/mine-paper-detail'
}
