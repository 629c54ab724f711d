"use client";

import { billingCopy } from "../copy";
import { IntervalRadios, type IntervalRadiosProps } from "./interval-radios";

/** 月付 / 年付 with the billing copy's labels (see IntervalRadios). */
export function IntervalSwitch({ value, onChange }: Omit<IntervalRadiosProps, "labels">) {
  return <IntervalRadios value={value} onChange={onChange} labels={{ group: billingCopy.intervalSwitchLabel, intervals: billingCopy.intervals }} />;
}
