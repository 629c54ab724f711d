ALTER TABLE "billing_plans" ADD COLUMN "app_access" jsonb DEFAULT '{"mode":"all"}'::jsonb NOT NULL;
--> statement-breakpoint
-- spark_admit_ai_call as in 0034, and a plan may leave apps out of its tokens (issue 35: plans include / exclude apps).
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
  p_overshoot numeric,
  p_payg_hold_fen bigint,
  p_month_start timestamptz
) RETURNS TABLE (outcome text, reservation_id uuid, hold_fen bigint)
LANGUAGE plpgsql VOLATILE SET search_path FROM CURRENT AS $$
DECLARE
  v_subscription record;
  v_active boolean;
  v_limits jsonb;
  v_lease interval := make_interval(secs => p_lease_ms / 1000.0);
  v_calls bigint;
  v_reserved bigint;
  v_held bigint;
  v_used bigint;
  v_granted bigint;
  v_quota bigint;
  v_left bigint;
  v_need bigint;
  v_hold bigint := 0;
  v_covered boolean;
  v_settings record;
  v_balance bigint;
  v_spent bigint;
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
    RETURN QUERY SELECT 'period_ended'::text, NULL::uuid, 0::bigint;
    RETURN;
  END IF;
  v_limits := coalesce(CASE WHEN v_active THEN p_limits -> v_subscription.plan_id END, p_limits -> 'free');
  SELECT count(*), coalesce(sum(r.tokens), 0), coalesce(sum(r.wallet_hold_fen), 0) INTO v_calls, v_reserved, v_held
    FROM ai_quota_reservations r LEFT JOIN ai_call_owners o ON o.id = r.owner_id
    WHERE r.user_id = p_user_id AND r.expires_at > p_now AND (r.owner_id IS NULL OR o.expires_at > now());
  IF v_calls >= (v_limits ->> 'calls')::bigint THEN
    RETURN QUERY SELECT 'too_many_calls'::text, NULL::uuid, 0::bigint;
    RETURN;
  END IF;
  SELECT coalesce((SELECT m.tokens FROM ai_usage_monthly_user m WHERE m.month = p_month AND m.user_id = p_user_id), 0) INTO v_used;
  SELECT coalesce(sum(g.tokens), 0) INTO v_granted
    FROM ai_quota_grants g WHERE g.user_id = p_user_id AND g.period = p_period;
  v_quota := coalesce(CASE WHEN v_active THEN v_subscription.period_token_quota END, (v_limits ->> 'tokens')::bigint) + v_granted;
  v_left := v_quota - v_used - v_reserved;
  v_need := greatest(least(p_reserve_tokens, v_quota), 1);
  -- A plan whose tokens do not pay for this app ("covers": false) sends the call to the balance.
  v_covered := coalesce((v_limits ->> 'covers')::boolean, true);
  IF NOT v_covered OR v_left <= 0 OR v_left + floor(v_quota * p_overshoot) < v_need THEN
    -- The plan's tokens are spent (or not for this app): the balance pays, if the user chose so and it can.
    IF p_payg_hold_fen IS NULL THEN
      RETURN QUERY SELECT CASE WHEN v_covered THEN 'quota_exceeded' ELSE 'not_in_plan' END, NULL::uuid, 0::bigint;
      RETURN;
    END IF;
    SELECT ws.pay_as_you_go, ws.monthly_ceiling_fen INTO v_settings FROM wallet_settings ws WHERE ws.user_id = p_user_id;
    IF NOT FOUND OR NOT v_settings.pay_as_you_go THEN
      RETURN QUERY SELECT CASE WHEN v_covered THEN 'quota_exceeded' ELSE 'not_in_plan' END, NULL::uuid, 0::bigint;
      RETURN;
    END IF;
    v_balance := coalesce((SELECT b.balance_fen FROM wallet_balances b WHERE b.user_id = p_user_id), 0);
    IF v_balance - v_held < p_payg_hold_fen OR v_balance <= 0 THEN
      RETURN QUERY SELECT CASE WHEN v_covered THEN 'insufficient_balance' ELSE 'not_in_plan' END, NULL::uuid, 0::bigint;
      RETURN;
    END IF;
    IF v_settings.monthly_ceiling_fen IS NOT NULL THEN
      SELECT coalesce(-sum(l.amount_fen), 0) INTO v_spent FROM wallet_ledger l
        WHERE l.user_id = p_user_id AND l.kind = 'spend' AND l.created_at >= p_month_start;
      IF v_spent + v_held + p_payg_hold_fen > v_settings.monthly_ceiling_fen THEN
        RETURN QUERY SELECT 'payg_ceiling'::text, NULL::uuid, 0::bigint;
        RETURN;
      END IF;
    END IF;
    v_hold := p_payg_hold_fen;
    v_need := greatest(p_reserve_tokens, 1);
  END IF;
  DELETE FROM ai_quota_reservations r WHERE r.user_id = p_user_id
    AND (r.expires_at <= p_now OR EXISTS (SELECT 1 FROM ai_call_owners o WHERE o.id = r.owner_id AND o.expires_at <= now()));
  INSERT INTO ai_quota_reservations AS r (user_id, tokens, created_at, expires_at, owner_id, wallet_hold_fen)
    VALUES (p_user_id, v_need, p_now, p_expires_at, p_owner_id, v_hold)
    RETURNING r.id INTO v_id;
  RETURN QUERY SELECT CASE WHEN v_hold > 0 THEN 'admitted_payg' ELSE 'admitted' END, v_id, v_hold;
END;
$$;
