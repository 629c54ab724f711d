import type { DemoApp, UserInputControl } from "./demo-apps";

type Field = { type: string; variable: string; label: string; required: boolean; max_length?: number; options?: string[] };

function fieldOf(control: UserInputControl): Field {
  const [type, field] = Object.entries(control)[0] as [string, Field];
  return { ...field, type };
}

/** Validates `inputs` against the app's form with Dify's messages (reference §1.2); null when valid. */
export function validateInputs(app: DemoApp, inputs: Record<string, unknown>): string | null {
  for (const field of app.userInputForm.map(fieldOf)) {
    if (field.type === "file" || field.type === "file-list") continue; // checked against uploads: resolveFileInputs
    const value = inputs[field.variable];
    if (value === undefined || value === null || value === "") {
      if (field.required) return `${field.variable} is required in input form`;
      continue;
    }
    if (field.type === "number") {
      if (Number.isNaN(Number(value))) return `${field.variable} in input form must be a valid number`;
      continue;
    }
    if (typeof value !== "string") return `(type '${field.type}') ${field.variable} in input form must be a string`;
    if (field.type === "select" && field.options && !field.options.includes(value)) {
      return `${field.variable} in input form must be one of the following: [${field.options.map((option) => `'${option}'`).join(", ")}]`;
    }
    if (field.max_length && [...value].length > field.max_length) {
      return `${field.variable} in input form must be less than ${field.max_length} characters`;
    }
  }
  return null;
}

/** Fills optional fields with their defaults, like Dify does before running. */
export function withDefaults(app: DemoApp, inputs: Record<string, unknown>): Record<string, unknown> {
  const filled: Record<string, unknown> = {};
  for (const control of app.userInputForm) {
    const field = fieldOf(control) as Field & { default?: string };
    const value = inputs[field.variable];
    filled[field.variable] = value === undefined || value === null || value === "" ? (field.default ?? "") : value;
  }
  return filled;
}
