import { NativeSelect } from "@/components/ui/native-select";
import type { DifyParameters } from "@/features/ai-runtime";

type ModelChoice = NonNullable<DifyParameters["models"]>[number];

/**
 * The model a model app answers with (shown only when the app offers more than one). The choice is
 * sent with each question and sticks to the conversation on the server.
 */
export function ModelSwitcher({ models, value, disabled, onChange }: { models: ModelChoice[]; value: string; disabled?: boolean; onChange: (model: string) => void }) {
  if (models.length < 2) return null;
  return (
    <div className="w-32 shrink-0 sm:w-44">
      <NativeSelect aria-label="选择模型" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)} className="h-8 text-sm md:text-sm">
        {models.map((model) => (
          <option key={model.id} value={model.id}>
            {model.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
