/** The four /list sections, in the order the sub-navigation shows them. */
export const listSections = [
  { href: '/list/news', label: '新闻动态' },
  { href: '/list/course', label: '培训课程' },
  { href: '/list/service', label: '服务案例' },
  { href: '/list/thanks', label: '文章致谢' },
];
