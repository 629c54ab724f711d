"use client";

import type { Factor } from "@supabase/supabase-js";
import { useCallback, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { authCopy } from "../../copy";
import { useAuth } from "../use-auth";
import { usePendingAction } from "../use-pending-action";
import { MfaEnrollment, type PendingTotp } from "./mfa-enrollment";
import { RemoveFactorDialog } from "./remove-factor-dialog";
import { SettingsCard } from "./settings-card";

const copy = authCopy.settings.mfa;
const verifiedOnly = (factors: Factor[]) => factors.filter((factor) => factor.status === "verified");

/** TOTP two-step verification: enrol with a QR code and a first code, list and remove factors. */
export function MfaSection() {
  const { getClient } = useAuth();
  const { pending, run } = usePendingAction();
  const [factors, setFactors] = useState<Factor[] | null>(null);
  const [enrolling, setEnrolling] = useState<PendingTotp | null>(null);

  const reload = useCallback(async () => {
    const client = await getClient();
    const { data, error } = await client.auth.mfa.listFactors();
    if (error) throw error;
    setFactors(verifiedOnly(data.all));
    return data.all;
  }, [getClient]);

  useEffect(() => {
    let cancelled = false;
    getClient()
      .then((client) => client.auth.mfa.listFactors())
      .then(({ data }) => {
        if (!cancelled) setFactors(verifiedOnly(data?.all ?? []));
      })
      .catch(() => {
        if (!cancelled) setFactors([]); // shown as "not enabled"; enrolling reports its own errors
      });
    return () => {
      cancelled = true;
    };
  }, [getClient]);

  function startEnrollment() {
    void run(async () => {
      const client = await getClient();
      // An abandoned enrolment leaves an unverified factor that counts against the limit: drop it.
      const all = await reload();
      for (const stale of all.filter((factor) => factor.status !== "verified")) {
        await client.auth.mfa.unenroll({ factorId: stale.id });
      }
      const { data, error } = await client.auth.mfa.enroll({ factorType: "totp" });
      if (error) throw error;
      setEnrolling({ factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret });
    });
  }

  function cancelEnrollment(factorId: string) {
    setEnrolling(null);
    void run(async () => {
      const client = await getClient();
      await client.auth.mfa.unenroll({ factorId });
    });
  }

  async function enrolled() {
    setEnrolling(null);
    toast({ variant: "success", title: copy.enabled, duration: 2000 });
    await reload();
  }

  async function removed() {
    toast({ variant: "success", title: copy.removed, duration: 2000 });
    await reload();
  }

  return (
    <SettingsCard id="mfa" title={copy.title} description={copy.description}>
      <div className="grid gap-4">
        {factors && factors.length > 0 ? (
          <ul aria-label={copy.listLabel} className="divide-y rounded-md border">
            {factors.map((factor) => {
              const name = factor.friendly_name || copy.factorName;
              return (
                <li key={factor.id} className="flex items-center justify-between gap-4 px-4 py-3">
                  <span className="text-sm">
                    <span className="font-medium">{name}</span>
                    <span className="ml-2 text-xs text-muted-foreground">{copy.verified}</span>
                  </span>
                  <RemoveFactorDialog factorId={factor.id} name={name} onRemoved={removed} />
                </li>
              );
            })}
          </ul>
        ) : factors ? (
          <p className="text-sm text-muted-foreground">{copy.empty}</p>
        ) : null}
        {enrolling ? (
          <MfaEnrollment totp={enrolling} onEnrolled={enrolled} onCancel={() => cancelEnrollment(enrolling.factorId)} />
        ) : factors && factors.length > 0 ? null : (
          <Button type="button" className="w-fit" disabled={pending} onClick={startEnrollment}>
            {pending ? copy.enrolling : copy.enroll}
          </Button>
        )}
      </div>
    </SettingsCard>
  );
}
