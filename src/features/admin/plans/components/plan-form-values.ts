import { BYTES_PER_MB, fenToYuan, yuanToFen } from "../money";
import { plansCopy as copy } from "../copy";
import type { AdminPlanRow } from "../types";

/** The form as typed: text fields (元, MB, one feature per line) until it is sent. */
export type PlanFormValues = {
  id: string;
  name: string;
  description: string;
  monthlyYuan: string;
  yearlyYuan: string;
  tokens: string;
  storageMb: string;
  concurrency: string;
  apiRpm: string;
  features: string;
  visible: boolean;
  position: string;
  stripeMonth: string;
  stripeYear: string;
  applyQuotaNow: boolean;
  appMode: "all" | "only" | "except";
  apps: string[];
};

export function formValuesOf(plan: AdminPlanRow | undefined): PlanFormValues {
  return {
    id: plan?.id ?? "",
    name: plan?.name ?? "",
    description: plan?.description ?? "",
    monthlyYuan: plan ? fenToYuan(plan.monthlyPriceFen) : "",
    yearlyYuan: plan ? fenToYuan(plan.yearlyPriceFen) : "",
    tokens: plan ? String(plan.monthlyTokenQuota) : "",
    storageMb: plan ? String(Math.round(plan.storageBytes / BYTES_PER_MB)) : "1024",
    concurrency: plan ? String(plan.maxConcurrentAiCalls) : "4",
    apiRpm: plan ? String(plan.apiRequestsPerMinute) : "60",
    features: plan ? plan.features.join("\n") : "",
    visible: plan?.visible ?? true,
    position: plan ? String(plan.position) : "100",
    stripeMonth: plan?.stripeMonthPriceId ?? "",
    stripeYear: plan?.stripeYearPriceId ?? "",
    applyQuotaNow: false,
    appMode: plan?.appAccess.mode ?? "all",
    apps: plan && plan.appAccess.mode !== "all" ? [...plan.appAccess.apps] : [],
  };
}

const wholeNumber = (text: string): number | null => (/^\d{1,16}$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * The request body for the console's API (prices in 分, storage in bytes), or the first field error
 * in Chinese. The server checks everything again (plan-input.ts); this only spares a round trip.
 */
export function bodyOf(values: PlanFormValues): { body: Record<string, unknown> } | { error: string } {
  const monthly = yuanToFen(values.monthlyYuan);
  const yearly = yuanToFen(values.yearlyYuan);
  if (monthly === null) return { error: `${copy.fields.monthlyPrice}：${copy.invalidYuan}` };
  if (yearly === null) return { error: `${copy.fields.yearlyPrice}：${copy.invalidYuan}` };
  const tokens = wholeNumber(values.tokens);
  const storageMb = wholeNumber(values.storageMb);
  const concurrency = wholeNumber(values.concurrency);
  const position = wholeNumber(values.position);
  const apiRpm = wholeNumber(values.apiRpm);
  if (tokens === null) return { error: `${copy.fields.tokens}：${copy.invalidNumber}` };
  if (storageMb === null) return { error: `${copy.fields.storage}：${copy.invalidNumber}` };
  if (concurrency === null) return { error: `${copy.fields.concurrency}：${copy.invalidNumber}` };
  if (apiRpm === null) return { error: `${copy.fields.apiRpm}：${copy.invalidNumber}` };
  if (position === null) return { error: `${copy.fields.position}：${copy.invalidNumber}` };
  if (values.appMode !== "all" && values.apps.length === 0) return { error: `${copy.fields.appAccess}：${copy.fields.pickApps}` };
  return {
    body: {
      name: values.name,
      description: values.description,
      monthlyPriceFen: monthly,
      yearlyPriceFen: yearly,
      monthlyTokenQuota: tokens,
      storageBytes: storageMb * BYTES_PER_MB,
      maxConcurrentAiCalls: concurrency,
      apiRequestsPerMinute: apiRpm,
      features: values.features
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
      visible: values.visible,
      position,
      stripeMonthPriceId: values.stripeMonth.trim() || null,
      stripeYearPriceId: values.stripeYear.trim() || null,
      appAccess: values.appMode === "all" ? { mode: "all" } : { mode: values.appMode, apps: values.apps },
    },
  };
}
