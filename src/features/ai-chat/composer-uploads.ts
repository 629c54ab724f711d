import { acceptAttribute, uploadEnabled, type DifyFileUploadConfig, type PendingFile } from "@/features/ai-runtime";
import { isKnowledgeDocument, knowledgeCopy } from "@/features/knowledge";

interface Uploads {
  files: PendingFile[];
  uploading: boolean;
  add: (files: FileList | File[]) => void;
  remove: (localId: string) => void;
}

/**
 * What the composer's paperclip does. Dify apps: the app's upload settings, as before. Model apps also take
 * documents (PDF, Word, Markdown, TXT, HTML): those go to the conversation's knowledge attach, the rest
 * (images) to the app's uploads, which refuse what the app does not allow.
 */
export function composerUploads(config: DifyFileUploadConfig | undefined, uploads: Uploads, documents: { attach: (file: File) => unknown } | null) {
  const appTakesFiles = uploadEnabled(config);
  const appAccept = acceptAttribute(config);
  if (!documents) return { enabled: appTakesFiles, accept: appAccept, files: uploads.files, uploading: uploads.uploading, add: uploads.add, remove: uploads.remove };
  return {
    enabled: true,
    // "" lets the picker offer any file: the app takes anything already.
    accept: !appTakesFiles ? knowledgeCopy.accept : appAccept === "" ? "" : `${appAccept},${knowledgeCopy.accept}`,
    files: uploads.files,
    uploading: uploads.uploading,
    add: (picked: FileList | File[]) => {
      const files = Array.from(picked);
      for (const file of files.filter(isKnowledgeDocument)) void documents.attach(file);
      const others = files.filter((file) => !isKnowledgeDocument(file));
      if (others.length > 0) uploads.add(others);
    },
    remove: uploads.remove,
  };
}
