// Shared client pieces of the AI app pages (chat, workflow, completion): SSE client, input form,
// uploads, markdown, feedback and error display.
export { AppParametersGate } from "./components/app-parameters-gate";
export { useTouchInput } from "./use-touch-input";
export { AppInputPanel } from "./components/app-input-panel";
export { AppTitle } from "./components/app-title";
export { CopyButton } from "./components/copy-button";
export { FeedbackButtons } from "./components/feedback-buttons";
export { InputFormFields } from "./components/input-form-fields";
export { PendingFiles } from "./components/pending-files";
export { Markdown } from "./components/markdown";
export { RequestError } from "./components/request-error";
export { DifyRequestError, isAbortError, messageOf, QUOTA_STATUS, statusOf, TOO_MANY_CALLS_STATUS } from "./errors";
export { sendFeedback, stopTask } from "./feedback";
export { newStreamTask, noteTaskId, requestStop, type StreamTask } from "./stream-task";
export { shouldSendOnKeyDown, type EnterKeyEvent } from "./ime";
export { initialValues, normalizeInputForm, toInputs, validateInputs, visibleFields, type FileFieldValue, type FormErrors, type FormField, type FormValue, type FormValues } from "./input-form";
export { streamDify, type StreamOptions, type StreamOutcome } from "./sse-client";
export type { DifyFileKind, DifyFileRef, DifyFileUploadConfig, DifyParameters, DifyStreamEvent, DifySystemParameters, DifyUploadedFile, Rating } from "./types";
export { acceptAttribute, checkFile, fileKindOf, maxFiles, uploadEnabled, uploadFile, type UploadHandle } from "./upload";
export { useAppParameters, type ParametersState } from "./use-app-parameters";
export { useUploads, type PendingFile } from "./use-uploads";
export { localId } from "./local-id";
export { splitThinking } from "./think";
export { formatSeconds, NODE_STATUS_LABEL, NodeProgress } from "./components/node-progress";
export { nodeTypeLabel } from "./node-type-labels";
export { applyNodeEvent, isNodeEvent, settleNodes, type NodeEvent, type NodeRun, type NodeStatus } from "./workflow-nodes";
