import type { AppFieldsInput } from "./app-input";

/** One app as the console shows it: never a key, only its last four characters (`••••abcd`). */
export type AdminAppView = {
  appid: string;
  type: "dify" | "model";
  kind: "chat" | "workflow" | "completion";
  name: string;
  description: string;
  icon: string;
  enabled: boolean;
  position: number;
  managedBy: "config" | "console";
  baseUrl: string;
  /** Masked key of the Dify app, or of the model app's provider. */
  keyHint: string;
  fallbackKeyHint: string;
  /** The form's fields with the keys left empty (an edit without a new key keeps the old one). */
  fields: AppFieldsInput;
  updatedAt: string;
};

export type ConnectionTestResult =
  | { ok: true; latencyMs: number; summary: string; appName?: string; models?: string[] }
  | { ok: false; latencyMs: number; message: string };
