"use client";

import { AppIcon, type PublicAiApp } from "@/features/ai-apps";
import { InputFormFields, Markdown, visibleFields, type DifySystemParameters, type FormErrors, type FormField, type FormValue, type FormValues } from "@/features/ai-runtime";

interface WelcomeProps {
  app: PublicAiApp;
  openingStatement?: string | null;
  suggestedQuestions: string[];
  fields: FormField[];
  system: DifySystemParameters | undefined;
  values: FormValues;
  errors: FormErrors;
  onChange: (variable: string, value: FormValue) => void;
  onAsk: (question: string) => void;
}

/** A new conversation: the app, its opening statement, the input form and suggested questions. */
export function Welcome({ app, openingStatement, suggestedQuestions, fields, system, values, errors, onChange, onAsk }: WelcomeProps) {
  const shown = visibleFields(fields);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 py-6 sm:py-10">
      <div className="flex flex-col items-center gap-3 text-center">
        <AppIcon icon={app.icon} kind={app.kind} className="size-14 rounded-2xl bg-accent text-3xl" />
        <h2 className="text-xl font-semibold">{app.name}</h2>
        {app.description && <p className="max-w-md text-sm text-muted-foreground">{app.description}</p>}
      </div>
      {openingStatement && (
        <div className="rounded-2xl border bg-card px-4 py-3" data-testid="opening-statement">
          <Markdown source={openingStatement} />
        </div>
      )}
      {shown.length > 0 && (
        <section aria-labelledby="chat-inputs-title" className="rounded-2xl border bg-card p-4">
          <h3 id="chat-inputs-title" className="mb-3 text-sm font-medium">
            开始前请填写
          </h3>
          <InputFormFields appid={app.appid} system={system} fields={fields} values={values} errors={errors} onChange={onChange} />
        </section>
      )}
      {suggestedQuestions.length > 0 && (
        <section aria-label="推荐问题">
          <p className="mb-2 text-xs text-muted-foreground">试试这样问</p>
          <ul className="grid gap-2 sm:grid-cols-2">
            {suggestedQuestions.map((question) => (
              <li key={question}>
                <button type="button" onClick={() => onAsk(question)} className="w-full rounded-xl border bg-background px-3 py-2 text-left text-sm transition-colors hover:border-primary/50 hover:bg-accent">
                  {question}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
