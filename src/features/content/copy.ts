/** Every string the content pages show (Simplified Chinese). */
export const contentCopy = {
  blog: {
    title: "博客",
    description: "思维火花团队关于产品、AI 应用和部署实践的文章。",
    allTags: "全部",
    tagsLabel: "按标签筛选",
    tagTitle: (label: string) => `标签：${label}`,
    pageTitle: (title: string, page: number) => (page > 1 ? `${title}（第 ${page} 页）` : title),
    readingTime: (minutes: number) => `约 ${minutes} 分钟读完`,
    newer: "较新的文章",
    older: "较早的文章",
    backToList: "返回博客",
    postNavLabel: "文章导航",
    empty: "暂时还没有文章。",
    rss: "RSS 订阅",
  },
  pagination: {
    label: "分页",
    previous: "上一页",
    next: "下一页",
    page: (page: number, total: number) => `第 ${page} 页，共 ${total} 页`,
    goTo: (page: number) => `第 ${page} 页`,
  },
  docs: {
    title: "文档",
    sidebarLabel: "文档目录",
    tocLabel: "本页目录",
    previous: "上一篇",
    next: "下一篇",
    pagerLabel: "文档翻页",
    search: {
      label: "搜索文档",
      placeholder: "搜索文档，例如：支付",
      loading: "正在加载索引…",
      failed: "搜索索引加载失败，请刷新页面后重试。",
      empty: (query: string) => `没有找到与“${query}”相关的内容。`,
      resultsLabel: "搜索结果",
    },
  },
  changelog: {
    title: "更新日志",
    description: "思维火花每个版本的新功能、改进与修复，最新的在最前面。",
  },
  date: (iso: string) => {
    const [year, month, day] = iso.split("-").map(Number);
    return `${year}年${month}月${day}日`;
  },
  legal: {
    updated: (date: string) => `更新日期：${date}`,
    effective: (date: string) => `生效日期：${date}`,
  },
} as const;
