-- An AI call's admission in one statement: the per-user lock, the read of plan, calls in flight,
-- reservations, this month's usage and grants, the decision and the reservation's insert. It ran as
-- five statements (BEGIN, lock, read, insert, COMMIT) on every chat; PL/pgSQL also keeps its plans
-- per connection, where the one big read was planned again on each call.
-- VOLATILE: each statement inside takes a new snapshot, so after the lock it sees the reservation the
-- previous holder committed. The lock is released when the caller's transaction ends.
-- p_month is the China-time month (its first day), as ai_usage_monthly_user keys it; p_period the
-- grants' period of the same month. The plan limits come from the caller's plan catalog (p_limits =
-- {"<plan id>": {"calls": n, "tokens": n}}, "free" always present); an unknown or inactive plan is
-- the free one.
-- Outcomes: admitted (with the reservation's id), too_many_calls, quota_exceeded, and period_ended
-- (a local subscription's period is over: the caller settles it in a transaction, then calls again
-- with p_period_settled).
CREATE OR REPLACE FUNCTION spark_admit_ai_call(
  p_user_id uuid,
  p_now timestamptz,
  p_month date,
  p_period text,
  p_limits jsonb,
  p_reserve_tokens integer,
  p_expires_at timestamptz,
  p_period_settled boolean
) RETURNS TABLE (outcome text, reservation_id uuid)
LANGUAGE plpgsql VOLATILE SET search_path FROM CURRENT AS $$
DECLARE
  v_subscription record;
  v_active boolean;
  v_limits jsonb;
  v_calls bigint;
  v_reserved bigint;
  v_used bigint;
  v_granted bigint;
  v_left bigint;
  v_id uuid;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('ai-quota:' || p_user_id::text, 0));
  SELECT s.plan_id, s.period_token_quota, s.status, s.provider, s.current_period_end INTO v_subscription
    FROM subscriptions s WHERE s.user_id = p_user_id;
  v_active := FOUND AND v_subscription.status IS NOT NULL AND v_subscription.status <> 'canceled';
  IF NOT p_period_settled AND v_active AND v_subscription.provider IS DISTINCT FROM 'stripe' AND v_subscription.current_period_end <= p_now THEN
    RETURN QUERY SELECT 'period_ended'::text, NULL::uuid;
    RETURN;
  END IF;
  v_limits := coalesce(CASE WHEN v_active THEN p_limits -> v_subscription.plan_id END, p_limits -> 'free');
  SELECT count(*), coalesce(sum(r.tokens), 0) INTO v_calls, v_reserved
    FROM ai_quota_reservations r WHERE r.user_id = p_user_id AND r.expires_at > p_now;
  IF v_calls >= (v_limits ->> 'calls')::bigint THEN
    RETURN QUERY SELECT 'too_many_calls'::text, NULL::uuid;
    RETURN;
  END IF;
  -- This month's usage from its rollup (kept by the triggers of migration 0024): one row, however many calls.
  SELECT coalesce((SELECT m.tokens FROM ai_usage_monthly_user m WHERE m.month = p_month AND m.user_id = p_user_id), 0) INTO v_used;
  SELECT coalesce(sum(g.tokens), 0) INTO v_granted
    FROM ai_quota_grants g WHERE g.user_id = p_user_id AND g.period = p_period;
  v_left := coalesce(CASE WHEN v_active THEN v_subscription.period_token_quota END, (v_limits ->> 'tokens')::bigint)
    + v_granted - v_used - v_reserved;
  IF v_left <= 0 THEN
    RETURN QUERY SELECT 'quota_exceeded'::text, NULL::uuid;
    RETURN;
  END IF;
  DELETE FROM ai_quota_reservations r WHERE r.user_id = p_user_id AND r.expires_at <= p_now;
  INSERT INTO ai_quota_reservations (user_id, tokens, created_at, expires_at)
    VALUES (p_user_id, least(p_reserve_tokens, v_left), p_now, p_expires_at)
    RETURNING id INTO v_id;
  RETURN QUERY SELECT 'admitted'::text, v_id;
END;
$$;
