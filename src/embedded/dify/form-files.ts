import type { Database } from "@/lib/db";
import type { DemoApp, FileFormField } from "./demo-apps";
import { findFile, type Owner } from "./store";

type FileVariable = FileFormField & { variable: string; list: boolean; max_length?: number };

/** The form's file variables (`file` and `file-list` controls). */
export function fileVariablesOf(app: DemoApp): FileVariable[] {
  return app.userInputForm.flatMap((control): FileVariable[] => {
    if ("file" in control) return [{ ...control.file, list: false }];
    if ("file-list" in control) return [{ ...control["file-list"], list: true }];
    return [];
  });
}

/** File families the app takes anywhere: its `file_upload` setting or any file variable of its form. */
export function uploadFamiliesOf(app: DemoApp, fileUploadFamilies: readonly string[]): Set<string> {
  return new Set([...fileUploadFamilies, ...fileVariablesOf(app).flatMap((field) => field.allowed_file_types)]);
}

/**
 * Checks the file variables of `inputs` like Dify: a file object (a list for `file-list`) that
 * references an upload of this user. Answers the uploaded files' names, or Dify's error text.
 */
export async function resolveFileInputs(db: Database, owner: Owner, app: DemoApp, inputs: Record<string, unknown>): Promise<string[] | string> {
  const names: string[] = [];
  for (const field of fileVariablesOf(app)) {
    const value = inputs[field.variable];
    if (value === undefined || value === null || value === "") {
      if (field.required) return `${field.variable} is required in input form`;
      continue;
    }
    const items: unknown[] = field.list ? (Array.isArray(value) ? value : [null]) : [value];
    if (field.list && field.max_length && items.length > field.max_length) return `${field.variable} in input form must have at most ${field.max_length} files`;
    for (const item of items) {
      const file = item && typeof item === "object" ? (item as { transfer_method?: unknown; upload_file_id?: unknown }) : undefined;
      if (!file || file.transfer_method !== "local_file" || typeof file.upload_file_id !== "string") {
        return `${field.variable} in input form must be a file`;
      }
      const row = await findFile(db, owner, file.upload_file_id);
      if (!row) return "Invalid upload file id.";
      names.push(row.name);
    }
  }
  return names;
}
