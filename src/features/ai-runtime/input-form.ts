import type { DifyFileRef, DifyFileUploadConfig } from "./types";
import { uploadEnabled } from "./upload";

/**
 * The app's `user_input_form` (reference §5.5): a list of one-key objects whose key is the control
 * type. Normalised into flat fields; unknown controls are rendered as text inputs. File controls
 * take local uploads (sent as file objects); a file control that only takes links is not shown.
 */
export type FieldType = "text-input" | "paragraph" | "select" | "number" | "checkbox" | "json_object" | "file" | "file-list";

export interface FormField {
  type: FieldType;
  variable: string;
  label: string;
  required: boolean;
  maxLength?: number;
  options: string[];
  defaultValue?: string;
  description?: string;
  hidden: boolean;
  /** `file` / `file-list`: what may be uploaded, in the shape of the app's `file_upload`. */
  fileConfig?: DifyFileUploadConfig;
}

/** A file control's value: the finished uploads, and whether one is still on its way. */
export interface FileFieldValue {
  refs: DifyFileRef[];
  uploading: boolean;
}

export type FormValue = string | boolean | FileFieldValue;
export type FormValues = Record<string, FormValue>;
export type FormErrors = Record<string, string>;

export function isFileValue(value: FormValue | undefined): value is FileFieldValue {
  return typeof value === "object" && value !== null;
}

const isFileType = (type: FieldType) => type === "file" || type === "file-list";

const KNOWN: readonly FieldType[] = ["text-input", "paragraph", "select", "number", "checkbox", "json_object", "file", "file-list"];

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export function normalizeInputForm(raw: unknown): FormField[] {
  if (!Array.isArray(raw)) return [];
  const fields: FormField[] = [];
  for (const item of raw) {
    const entry = asRecord(item);
    const control = entry && Object.keys(entry)[0];
    const props = control ? asRecord(entry[control]) : undefined;
    if (!control || !props || typeof props.variable !== "string" || !props.variable) continue;
    const type: FieldType = (KNOWN as readonly string[]).includes(control) ? (control as FieldType) : "text-input";
    const maxLength = Number(props.max_length);
    const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);
    fields.push({
      type,
      variable: props.variable,
      label: typeof props.label === "string" && props.label ? props.label : props.variable,
      required: props.required === true,
      maxLength: !isFileType(type) && Number.isFinite(maxLength) && maxLength > 0 ? maxLength : undefined,
      options: Array.isArray(props.options) ? props.options.filter((option): option is string => typeof option === "string") : [],
      defaultValue: props.default === undefined || props.default === null ? undefined : String(props.default),
      description: typeof props.description === "string" && props.description ? props.description : undefined,
      hidden: props.hide === true,
      fileConfig: isFileType(type)
        ? {
            enabled: true,
            allowed_file_types: strings(props.allowed_file_types),
            allowed_file_extensions: strings(props.allowed_file_extensions),
            allowed_file_upload_methods: Array.isArray(props.allowed_file_upload_methods) ? strings(props.allowed_file_upload_methods) : undefined,
            // `max_length` of a file list is its number of files (Dify's default is 5).
            number_limits: type === "file" ? 1 : Number.isFinite(maxLength) && maxLength > 0 ? maxLength : 5,
          }
        : undefined,
    });
  }
  return fields;
}

/** Fields these pages render: not hidden ones, nor file controls that cannot take an upload. */
export function visibleFields(fields: readonly FormField[]): FormField[] {
  return fields.filter((field) => !field.hidden && (!isFileType(field.type) || uploadEnabled(field.fileConfig)));
}

export function initialValues(fields: readonly FormField[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    if (isFileType(field.type)) values[field.variable] = { refs: [], uploading: false };
    else if (field.type === "checkbox") values[field.variable] = field.defaultValue === "true";
    else if (field.type === "select") values[field.variable] = field.defaultValue && field.options.includes(field.defaultValue) ? field.defaultValue : "";
    else values[field.variable] = field.defaultValue ?? "";
  }
  return values;
}

/** Chinese messages per variable; empty when the values can be sent. */
export function validateInputs(fields: readonly FormField[], values: FormValues): FormErrors {
  const errors: FormErrors = {};
  for (const field of visibleFields(fields)) {
    const value = values[field.variable];
    if (isFileType(field.type)) {
      const files = isFileValue(value) ? value : { refs: [], uploading: false };
      if (files.uploading) errors[field.variable] = `「${field.label}」还在上传，请稍候`;
      else if (field.required && files.refs.length === 0) errors[field.variable] = `请上传「${field.label}」`;
      continue;
    }
    if (field.type === "checkbox") {
      if (field.required && value !== true) errors[field.variable] = `请勾选「${field.label}」`;
      continue;
    }
    const text = typeof value === "string" ? value.trim() : "";
    if (!text) {
      if (field.required) errors[field.variable] = field.type === "select" ? `请选择「${field.label}」` : `请填写「${field.label}」`;
      continue;
    }
    if (field.maxLength !== undefined && field.type !== "number" && [...text].length > field.maxLength) {
      errors[field.variable] = `「${field.label}」最多 ${field.maxLength} 个字`;
    } else if (field.type === "number" && !Number.isFinite(Number(text))) {
      errors[field.variable] = `「${field.label}」必须是数字`;
    } else if (field.type === "select" && field.options.length > 0 && !field.options.includes(text)) {
      errors[field.variable] = `请从选项中选择「${field.label}」`;
    } else if (field.type === "json_object") {
      try {
        const parsed: unknown = JSON.parse(text);
        if (!asRecord(parsed)) errors[field.variable] = `「${field.label}」必须是 JSON 对象`;
      } catch {
        errors[field.variable] = `「${field.label}」不是有效的 JSON`;
      }
    }
  }
  return errors;
}

/** The `inputs` object of a request: numbers as numbers, JSON parsed, empty optional fields left out. */
export function toInputs(fields: readonly FormField[], values: FormValues): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const field of visibleFields(fields)) {
    const value = values[field.variable];
    if (isFileType(field.type)) {
      const refs = isFileValue(value) ? value.refs : [];
      if (refs.length > 0) inputs[field.variable] = field.type === "file" ? refs[0] : refs;
      continue;
    }
    if (field.type === "checkbox") {
      inputs[field.variable] = value === true;
      continue;
    }
    const text = typeof value === "string" ? value.trim() : "";
    if (!text) continue;
    if (field.type === "number") inputs[field.variable] = Number(text);
    else if (field.type === "json_object") inputs[field.variable] = JSON.parse(text) as unknown;
    else inputs[field.variable] = typeof value === "string" ? value : text;
  }
  return inputs;
}
