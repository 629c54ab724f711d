"use client";

import { useMemo, useState, type ReactNode } from "react";
import type { PublicAiApp } from "@/features/ai-apps";
import { initialValues, normalizeInputForm, toInputs, validateInputs, type FormErrors, type FormValues } from "../input-form";
import type { DifyParameters } from "../types";
import { AppTitle } from "./app-title";
import { InputFormFields } from "./input-form-fields";

/**
 * The left column of the one-shot app pages (文本生成, 工作流): the app's title and its input form,
 * validated on submit. `onSubmit` gets the inputs as the app takes them; while `busy` the fields are
 * read-only and submitting does nothing; `actions` are the form's buttons.
 */
export function AppInputPanel({
  app,
  parameters,
  titleId,
  busy,
  onSubmit,
  actions,
}: {
  app: PublicAiApp;
  parameters: DifyParameters;
  titleId: string;
  busy: boolean;
  onSubmit: (inputs: Record<string, unknown>) => void;
  actions: ReactNode;
}) {
  const fields = useMemo(() => normalizeInputForm(parameters.user_input_form), [parameters.user_input_form]);
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const [errors, setErrors] = useState<FormErrors>({});

  function submit() {
    const found = validateInputs(fields, values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(toInputs(fields, values));
  }

  return (
    <section aria-labelledby={titleId} className="h-fit space-y-5 rounded-2xl border bg-card p-4 sm:p-5 lg:sticky lg:top-4">
      <AppTitle app={app} showDescription />
      <h2 id={titleId} className="sr-only">
        输入
      </h2>
      <form
        className="space-y-5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) submit();
        }}
      >
        <InputFormFields
          appid={app.appid}
          system={parameters.system_parameters}
          fields={fields}
          values={values}
          errors={errors}
          disabled={busy}
          onChange={(variable, value) => {
            setValues((current) => ({ ...current, [variable]: value }));
            setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== variable)));
          }}
        />
        {actions}
      </form>
    </section>
  );
}
