import { Globe } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * 联网搜索 for the next questions, on model apps whose operator enabled it (`web_search.enabled` in
 * the parameters); sent as `web_search: true`. A toggle button (aria-pressed), so it reads as on / off.
 */
export function WebSearchToggle({ available, on, disabled, onChange }: { available: boolean; on: boolean; disabled?: boolean; onChange: (on: boolean) => void }) {
  if (!available) return null;
  return (
    <Button
      type="button"
      variant={on ? "secondary" : "ghost"}
      size="sm"
      aria-pressed={on}
      aria-label="联网搜索"
      disabled={disabled}
      title={on ? "联网搜索已开启：回答会先搜索资料并标明出处" : "开启后，回答会先搜索资料并标明出处"}
      onClick={() => onChange(!on)}
      data-testid="web-search-toggle"
    >
      <Globe aria-hidden />
      {/* Icon only on a phone: the header also holds the app's name, 知识库 and the model. */}
      <span className="hidden sm:inline">联网搜索</span>
    </Button>
  );
}
