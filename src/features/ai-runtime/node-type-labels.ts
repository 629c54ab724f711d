/**
 * Dify's node types in the words of the workflow editor's Chinese interface. Types not listed (new
 * or plugin nodes) get no badge: an engine identifier means nothing to the person running the app.
 */
const NODE_TYPE_LABELS: Record<string, string> = {
  start: "开始",
  end: "结束",
  answer: "直接回复",
  llm: "大模型",
  "knowledge-retrieval": "知识检索",
  "question-classifier": "问题分类",
  "if-else": "条件分支",
  code: "代码执行",
  "template-transform": "模板转换",
  "http-request": "HTTP 请求",
  tool: "工具",
  "variable-aggregator": "变量聚合",
  "variable-assigner": "变量赋值",
  assigner: "变量赋值",
  "parameter-extractor": "参数提取",
  iteration: "迭代",
  loop: "循环",
  agent: "Agent",
  "document-extractor": "文档提取",
  "list-operator": "列表操作",
};

/** The badge beside a node's title, or null when it would say nothing new. */
export function nodeTypeLabel(type: string, title: string): string | null {
  const label = NODE_TYPE_LABELS[type];
  return label && label !== title ? label : null;
}
