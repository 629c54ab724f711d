CREATE TABLE "ai_call_owners" (
	"id" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_quota_reservations" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
CREATE INDEX "ai_call_owners_expires_idx" ON "ai_call_owners" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "ai_quota_reservations" ADD CONSTRAINT "ai_quota_reservations_owner_id_ai_call_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."ai_call_owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_quota_reservations_owner_idx" ON "ai_quota_reservations" USING btree ("owner_id");--> statement-breakpoint
-- AI call admission (0025) with leases and reservations of what a call can spend.
-- Leases: a reservation belongs to its process's row in ai_call_owners and counts only while that
-- lease holds (the database's clock, so the processes' clocks need not agree); the process renews it
-- every few seconds while it holds calls, and this function renews it when half of it is gone (a plain
-- read first: an upsert would lock the one row every admission of the process goes through). A dead
-- process's reservations stop counting when its lease lapses, not 15 minutes later; rows without an
-- owner come from processes of the previous release during a rolling update and count as before.
-- Spend: p_reserve_tokens is what the call may spend (a model app's max tokens, else the configured
-- estimate), reserved in full (never more than the whole quota); the call is refused unless what is
-- left covers it, but for p_overshoot of the quota: the month ends at most that far over it when calls
-- spend no more than they reserved. The 0025 signature stays for the previous release's processes.
CREATE OR REPLACE FUNCTION spark_admit_ai_call(
  p_user_id uuid,
  p_now timestamptz,
  p_month date,
  p_period text,
  p_limits jsonb,
  p_reserve_tokens integer,
  p_expires_at timestamptz,
  p_period_settled boolean,
  p_owner_id uuid,
  p_lease_ms integer,
  p_overshoot numeric
) RETURNS TABLE (outcome text, reservation_id uuid)
LANGUAGE plpgsql VOLATILE SET search_path FROM CURRENT AS $$
DECLARE
  v_subscription record;
  v_active boolean;
  v_limits jsonb;
  v_lease interval := make_interval(secs => p_lease_ms / 1000.0);
  v_calls bigint;
  v_reserved bigint;
  v_used bigint;
  v_granted bigint;
  v_quota bigint;
  v_left bigint;
  v_need bigint;
  v_id uuid;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('ai-quota:' || p_user_id::text, 0));
  PERFORM 1 FROM ai_call_owners o WHERE o.id = p_owner_id AND o.expires_at >= now() + v_lease / 2;
  IF NOT FOUND THEN
    INSERT INTO ai_call_owners AS o (id, expires_at) VALUES (p_owner_id, now() + v_lease)
      ON CONFLICT (id) DO UPDATE SET expires_at = excluded.expires_at;
  END IF;
  SELECT s.plan_id, s.period_token_quota, s.status, s.provider, s.current_period_end INTO v_subscription
    FROM subscriptions s WHERE s.user_id = p_user_id;
  v_active := FOUND AND v_subscription.status IS NOT NULL AND v_subscription.status <> 'canceled';
  IF NOT p_period_settled AND v_active AND v_subscription.provider IS DISTINCT FROM 'stripe' AND v_subscription.current_period_end <= p_now THEN
    RETURN QUERY SELECT 'period_ended'::text, NULL::uuid;
    RETURN;
  END IF;
  v_limits := coalesce(CASE WHEN v_active THEN p_limits -> v_subscription.plan_id END, p_limits -> 'free');
  SELECT count(*), coalesce(sum(r.tokens), 0) INTO v_calls, v_reserved
    FROM ai_quota_reservations r LEFT JOIN ai_call_owners o ON o.id = r.owner_id
    WHERE r.user_id = p_user_id AND r.expires_at > p_now AND (r.owner_id IS NULL OR o.expires_at > now());
  IF v_calls >= (v_limits ->> 'calls')::bigint THEN
    RETURN QUERY SELECT 'too_many_calls'::text, NULL::uuid;
    RETURN;
  END IF;
  -- This month's usage from its rollup (kept by the triggers of migration 0024): one row, however many calls.
  SELECT coalesce((SELECT m.tokens FROM ai_usage_monthly_user m WHERE m.month = p_month AND m.user_id = p_user_id), 0) INTO v_used;
  SELECT coalesce(sum(g.tokens), 0) INTO v_granted
    FROM ai_quota_grants g WHERE g.user_id = p_user_id AND g.period = p_period;
  v_quota := coalesce(CASE WHEN v_active THEN v_subscription.period_token_quota END, (v_limits ->> 'tokens')::bigint) + v_granted;
  v_left := v_quota - v_used - v_reserved;
  v_need := greatest(least(p_reserve_tokens, v_quota), 1);
  IF v_left <= 0 OR v_left + floor(v_quota * p_overshoot) < v_need THEN
    RETURN QUERY SELECT 'quota_exceeded'::text, NULL::uuid;
    RETURN;
  END IF;
  DELETE FROM ai_quota_reservations r WHERE r.user_id = p_user_id
    AND (r.expires_at <= p_now OR EXISTS (SELECT 1 FROM ai_call_owners o WHERE o.id = r.owner_id AND o.expires_at <= now()));
  INSERT INTO ai_quota_reservations (user_id, tokens, created_at, expires_at, owner_id)
    VALUES (p_user_id, v_need, p_now, p_expires_at, p_owner_id)
    RETURNING id INTO v_id;
  RETURN QUERY SELECT 'admitted'::text, v_id;
END;
$$;
