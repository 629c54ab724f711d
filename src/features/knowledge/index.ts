export { KnowledgeBoard } from "./components/knowledge-board";
export { knowledgeCopy } from "./copy";
export { baseNameSchema, documentUrlSchema, appBasesSchema } from "./schemas";
export { KnowledgeChooser, useKnowledgeChoice, type KnowledgeChoice } from "./components/knowledge-chooser";
