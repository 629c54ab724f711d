/**
 * The demo apps the embedded Dify server answers for. Keys are fixed and public on purpose:
 * the server only runs in-process behind the proxy (or in tests), never exposed on its own.
 */
import type { DemoModeration } from "./moderation";

export type DemoAppMode = "chat" | "workflow" | "completion";

export type UserInputControl =
  | { "text-input": FormField & { max_length?: number } }
  | { paragraph: FormField & { max_length?: number } }
  | { select: FormField & { options: string[] } }
  | { number: FormField }
  | { file: FileFormField }
  | { "file-list": FileFormField & { max_length: number } };

export interface FormField {
  variable: string;
  label: string;
  required: boolean;
  default?: string;
  description?: string;
}

/** A file variable of the form: the browser uploads first, then sends `{type, transfer_method, upload_file_id}`. */
export interface FileFormField extends FormField {
  allowed_file_types: string[];
  allowed_file_extensions: string[];
  allowed_file_upload_methods: string[];
}

export interface DemoApp {
  /** Stable id used in the demo tables (Dify's app id). */
  id: string;
  key: string;
  mode: DemoAppMode;
  /** Dify's own mode when it differs from ours (`/info`, blocking answers): an agent is a chat app here. */
  difyMode?: "agent-chat" | "advanced-chat";
  /** Chat apps: answers about 思维火花 cite the demo knowledge base (`retriever_resources`). */
  citations?: boolean;
  /** Keyword moderation (Dify's 敏感词规避), see moderation.ts. */
  moderation?: DemoModeration;
  /** Speech to text and text to speech are on (`/audio-to-text`, `/text-to-audio`: audio.ts). */
  voice?: boolean;
  name: string;
  description: string;
  icon: string;
  openingStatement: string | null;
  suggestedQuestions: string[];
  userInputForm: UserInputControl[];
}

/** The demo apps' moderated keyword: demo-chat refuses questions with it, demo-chatflow hides answers with it. */
export const DEMO_SENSITIVE_WORD = "演示敏感词";

export const DEMO_CHAT_KEY = "app-demo-chat-0000000000000001";
export const DEMO_WORKFLOW_KEY = "app-demo-workflow-000000000002";
export const DEMO_COMPLETION_KEY = "app-demo-completion-0000000003";
export const DEMO_AGENT_KEY = "app-demo-agent-000000000000004";
export const DEMO_CHATFLOW_KEY = "app-demo-chatflow-000000000005";

export const demoApps: readonly DemoApp[] = [
  {
    id: "demo-chat",
    key: DEMO_CHAT_KEY,
    mode: "chat",
    name: "火花助手",
    description: "演示对话应用：用 Markdown 回答您的问题，支持多轮对话、追问建议和文件上传。",
    icon: "message-square",
    citations: true,
    voice: true,
    moderation: { keywords: [DEMO_SENSITIVE_WORD], inputReply: "抱歉，您的问题包含不适宜讨论的内容，火花助手无法回答。换个问题试试吧。" },
    openingStatement: "您好！我是火花助手（演示应用）。随便问我点什么，我会用带表格、代码和公式的 Markdown 回答您。",
    suggestedQuestions: ["介绍一下思维火花", "如何写一份周报？", "解释一下勾股定理"],
    userInputForm: [
      { select: { variable: "tone", label: "回答风格", required: false, options: ["简洁", "详细", "幽默"], default: "详细" } },
    ],
  },
  {
    id: "demo-workflow",
    key: DEMO_WORKFLOW_KEY,
    mode: "workflow",
    name: "文章大纲工作流",
    description: "演示工作流：输入主题，依次经过开始、生成、结束三个节点，输出一份文章大纲。",
    icon: "workflow",
    openingStatement: null,
    suggestedQuestions: [],
    userInputForm: [
      { "text-input": { variable: "topic", label: "主题", required: true, max_length: 100 } },
      { paragraph: { variable: "notes", label: "补充说明", required: false, max_length: 2000 } },
      { select: { variable: "audience", label: "读者", required: true, options: ["学生", "职场人士", "技术人员"], default: "职场人士" } },
      { number: { variable: "sections", label: "章节数", required: false, default: "3" } },
      {
        file: {
          variable: "reference",
          label: "参考资料",
          required: false,
          description: "可选：上传一份文档，大纲会注明参考了它。",
          allowed_file_types: ["document"],
          allowed_file_extensions: [],
          allowed_file_upload_methods: ["local_file"],
        },
      },
    ],
  },
  {
    id: "demo-completion",
    key: DEMO_COMPLETION_KEY,
    mode: "completion",
    name: "文案生成器",
    description: "演示文本生成应用：填写要求，一次生成一段完整的 Markdown 文案。",
    icon: "pen-line",
    openingStatement: null,
    suggestedQuestions: [],
    userInputForm: [
      { paragraph: { variable: "query", label: "写作要求", required: true, max_length: 2000 } },
      { select: { variable: "style", label: "文风", required: false, options: ["正式", "轻松", "营销"], default: "正式" } },
    ],
  },
  {
    id: "demo-agent",
    key: DEMO_AGENT_KEY,
    mode: "chat",
    difyMode: "agent-chat",
    citations: true,
    voice: true,
    name: "火花智能体",
    description: "演示智能体应用：先思考，再调用网页搜索和计算器等工具，最后给出回答，每一步都可以展开查看。",
    icon: "lightbulb",
    openingStatement: "您好！我是火花智能体（演示应用）。我会先想一想，再用「网页搜索」和「计算器」查资料、算数字，然后回答您。",
    suggestedQuestions: ["上海到北京有多远？", "一年有多少个小时？", "思维火花是什么？"],
    userInputForm: [],
  },
  {
    id: "demo-chatflow",
    key: DEMO_CHATFLOW_KEY,
    mode: "chat",
    difyMode: "advanced-chat",
    citations: true,
    voice: true,
    moderation: { keywords: [DEMO_SENSITIVE_WORD], outputReply: "这条回答包含不适宜展示的内容，已被隐藏。" },
    name: "火花知识助手",
    description: "演示对话流应用：每个问题都会经过开始、知识检索、大模型和直接回复四个节点，回答时可以展开查看每个节点的运行情况。",
    icon: "book-open",
    openingStatement: "您好！我是火花知识助手（演示应用）。每次回答前，我都会先到知识库「思维火花帮助中心」里查一查资料，您可以展开回答上方的工作流查看每一步。",
    suggestedQuestions: ["思维火花能做什么？", "思维火花的用量怎么计算？", "如何写一份周报？"],
    userInputForm: [],
  },
];

export function findDemoAppByKey(key: string): DemoApp | undefined {
  return demoApps.find((app) => app.key === key);
}
