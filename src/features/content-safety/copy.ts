/** What users see when content safety steps in (Chinese, shown by the chat, workflow and completion pages and /v1). */
export const SAFETY_COPY = {
  questionRefused: "您的输入包含不适宜的内容，未能发送。请修改后重试。",
  fileRefused: "文件名包含不适宜的内容，请重命名后再上传。",
  answerReplaced: "这条回答包含不适宜展示的内容，已停止生成并隐藏。",
  unavailable: "内容安全检查暂时不可用，请稍后重试。",
} as const;
