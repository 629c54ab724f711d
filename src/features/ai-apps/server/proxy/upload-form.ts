import type { AiApp } from "../registry";
import { jsonError, MESSAGES } from "./errors";
import { readFormWithin } from "./limited-body";
import { checkUpload, largestAcceptedLimitBytes, uploadRulesFrom, type ParametersCache, type UploadRules } from "./uploads";

const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Rebuilds the browser's `files/upload` form for the upstream: exactly one `file` checked against
 * the app's `file_upload` parameters, and `user` set to the signed-in user (never the client's).
 */
export async function prepareUploadForm(request: Request, app: AiApp, userId: string, parameters: ParametersCache): Promise<FormData | Response> {
  let rules;
  try {
    rules = uploadRulesFrom(await parameters.get(app));
  } catch {
    return jsonError(502, MESSAGES.unreachable);
  }
  if (rules.families.size === 0) return jsonError(403, "该应用未开启文件上传");
  // Refuse an oversized body before reading it into memory (by its length, or while it streams):
  // no file this app takes may be larger than the largest limit of the types it takes.
  const largest = largestAcceptedLimitBytes(rules);
  const incoming = await readFormWithin(request, largest + MULTIPART_OVERHEAD, `文件太大，最大 ${largest / 1024 / 1024} MB`);
  if (incoming instanceof Response) return incoming;
  const refused = checkForm(incoming, rules);
  if (refused) return refused;
  const file = incoming.getAll("file").find((part): part is File => typeof part !== "string")!;
  const form = new FormData();
  // Dify rejects names with path separators; keep only the last segment.
  form.append("file", file, file.name.split(/[/\\]/).pop() || "file");
  form.append("user", userId);
  return form;
}

function checkForm(incoming: FormData, rules: UploadRules): Response | null {
  const files = incoming.getAll("file").filter((part): part is File => typeof part !== "string");
  if (files.length === 0) return jsonError(400, "请选择要上传的文件");
  if (files.length > 1) return jsonError(400, "一次只能上传一个文件");
  return checkUpload(files[0]!, rules);
}
