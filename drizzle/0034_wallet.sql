CREATE TABLE "app_prices" (
	"appid" text PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'tokens' NOT NULL,
	"multiplier_permille" integer DEFAULT 1000 NOT NULL,
	"input_fen_per_million" integer,
	"output_fen_per_million" integer,
	"call_fen" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_prices_multiplier_positive" CHECK ("app_prices"."multiplier_permille" > 0),
	CONSTRAINT "app_prices_not_negative" CHECK (coalesce("app_prices"."input_fen_per_million", 0) >= 0 and coalesce("app_prices"."output_fen_per_million", 0) >= 0 and coalesce("app_prices"."call_fen", 0) >= 0),
	CONSTRAINT "app_prices_call_has_price" CHECK ("app_prices"."mode" <> 'call' or "app_prices"."call_fen" is not null)
);
--> statement-breakpoint
CREATE TABLE "wallet_balances" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"balance_fen" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_balances_not_negative" CHECK ("wallet_balances"."balance_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"balance_after_fen" bigint NOT NULL,
	"cause" text NOT NULL,
	"reference" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_ledger_kind" CHECK (kind in ('topup', 'spend', 'refund', 'grant', 'redeem', 'reward', 'expiry')),
	CONSTRAINT "wallet_ledger_amount_not_zero" CHECK ("wallet_ledger"."amount_fen" <> 0),
	CONSTRAINT "wallet_ledger_balance_not_negative" CHECK ("wallet_ledger"."balance_after_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"pay_as_you_go" boolean DEFAULT false NOT NULL,
	"monthly_ceiling_fen" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_settings_ceiling_positive" CHECK ("wallet_settings"."monthly_ceiling_fen" is null or "wallet_settings"."monthly_ceiling_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "ai_quota_reservations" ADD COLUMN "wallet_hold_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_ledger_reference_key" ON "wallet_ledger" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "wallet_ledger_user_created_idx" ON "wallet_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE TABLE "redeem_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"max_uses" integer DEFAULT 1 NOT NULL,
	"per_user_limit" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redeem_batches_value_positive" CHECK ("redeem_batches"."value" > 0),
	CONSTRAINT "redeem_batches_uses_positive" CHECK ("redeem_batches"."max_uses" > 0 and "redeem_batches"."per_user_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "redeem_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"code" text NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "redeem_codes_uses_not_negative" CHECK ("redeem_codes"."uses" >= 0)
);
--> statement-breakpoint
CREATE TABLE "redeem_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_batch_id_redeem_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."redeem_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_redemptions" ADD CONSTRAINT "redeem_redemptions_code_id_redeem_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."redeem_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "redeem_codes_code_key" ON "redeem_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "redeem_codes_batch_idx" ON "redeem_codes" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "redeem_redemptions_code_user_idx" ON "redeem_redemptions" USING btree ("code_id","user_id");--> statement-breakpoint
CREATE INDEX "redeem_redemptions_batch_idx" ON "redeem_redemptions" USING btree ("batch_id","created_at");
--> statement-breakpoint
-- The one door to a balance: the entry and the balance change in one statement, under the balance
-- row's lock (concurrent posts of one user queue there), so the balance is always its ledger's sum.
-- A reference already in the ledger changes nothing ('duplicate': a notification delivered twice).
-- A debit the balance cannot cover is refused ('insufficient'), or with p_partial takes what is there
-- ('nothing' when that is 0). The CHECKs on both tables are the last word whatever a caller does.
CREATE OR REPLACE FUNCTION spark_wallet_post(
  p_user_id uuid,
  p_kind text,
  p_amount bigint,
  p_cause text,
  p_reference text,
  p_actor_id uuid,
  p_now timestamptz,
  p_partial boolean
) RETURNS TABLE (outcome text, entry_id uuid, posted_fen bigint, balance_after bigint)
LANGUAGE plpgsql VOLATILE SET search_path FROM CURRENT AS $$
DECLARE
  v_balance bigint;
  v_amount bigint := p_amount;
  v_entry record;
BEGIN
  INSERT INTO wallet_balances AS b (user_id, balance_fen, updated_at) VALUES (p_user_id, 0, p_now) ON CONFLICT (user_id) DO NOTHING;
  SELECT b.balance_fen INTO v_balance FROM wallet_balances b WHERE b.user_id = p_user_id FOR UPDATE;
  IF p_reference IS NOT NULL THEN
    SELECT l.id, l.amount_fen, l.balance_after_fen INTO v_entry FROM wallet_ledger l WHERE l.reference = p_reference;
    IF FOUND THEN
      RETURN QUERY SELECT 'duplicate'::text, v_entry.id, v_entry.amount_fen, v_balance;
      RETURN;
    END IF;
  END IF;
  IF v_balance + v_amount < 0 THEN
    IF NOT p_partial THEN
      RETURN QUERY SELECT 'insufficient'::text, NULL::uuid, 0::bigint, v_balance;
      RETURN;
    END IF;
    v_amount := -v_balance;
  END IF;
  IF v_amount = 0 THEN
    RETURN QUERY SELECT 'nothing'::text, NULL::uuid, 0::bigint, v_balance;
    RETURN;
  END IF;
  UPDATE wallet_balances b SET balance_fen = v_balance + v_amount, updated_at = p_now WHERE b.user_id = p_user_id;
  INSERT INTO wallet_ledger AS l (user_id, kind, amount_fen, balance_after_fen, cause, reference, actor_id, created_at)
    VALUES (p_user_id, p_kind, v_amount, v_balance + v_amount, p_cause, p_reference, p_actor_id, p_now)
    RETURNING l.id INTO v_entry;
  RETURN QUERY SELECT 'posted'::text, v_entry.id, v_amount, v_balance + v_amount;
END;
$$;
--> statement-breakpoint
-- AI call admission (0027) with 按量付费: when the month's tokens are spent and the call has a price
-- (p_payg_hold_fen: its reservation's cost in 分; null = not payable from the balance), a user who
-- turned pay-as-you-go on is admitted when the balance, less what the calls in flight hold, covers it
-- and this month's spend plus the holds stays within their ceiling; the reservation holds that money
-- (settled against the balance by spark_wallet_post when the call's usage is known). Refusals:
-- 'insufficient_balance', 'payg_ceiling'. The 0027 signature stays for the previous release's processes.
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
  IF v_left <= 0 OR v_left + floor(v_quota * p_overshoot) < v_need THEN
    -- The plan's tokens are spent: the balance pays, if the user chose so and it can.
    IF p_payg_hold_fen IS NULL THEN
      RETURN QUERY SELECT 'quota_exceeded'::text, NULL::uuid, 0::bigint;
      RETURN;
    END IF;
    SELECT ws.pay_as_you_go, ws.monthly_ceiling_fen INTO v_settings FROM wallet_settings ws WHERE ws.user_id = p_user_id;
    IF NOT FOUND OR NOT v_settings.pay_as_you_go THEN
      RETURN QUERY SELECT 'quota_exceeded'::text, NULL::uuid, 0::bigint;
      RETURN;
    END IF;
    v_balance := coalesce((SELECT b.balance_fen FROM wallet_balances b WHERE b.user_id = p_user_id), 0);
    IF v_balance - v_held < p_payg_hold_fen OR v_balance <= 0 THEN
      RETURN QUERY SELECT 'insufficient_balance'::text, NULL::uuid, 0::bigint;
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
