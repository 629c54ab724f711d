export { KnowledgeBoard } from "./components/knowledge-board";
export { knowledgeCopy } from "./copy";
export { baseNameSchema, documentUrlSchema, appBasesSchema } from "./schemas";
export { KnowledgeChooser } from "./components/knowledge-chooser";
export { AttachedDocumentsList } from "./components/attached-documents-list";
export { useKnowledgeChoice, type KnowledgeChoice } from "./use-knowledge-choice";
export { isKnowledgeDocument } from "./attached-documents";
