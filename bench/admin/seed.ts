import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db";

export const SEED_USERS = Number(process.env.BENCH_ADMIN_USERS ?? 10_000);
export const SEED_USAGE_ROWS = Number(process.env.BENCH_ADMIN_USAGE_ROWS ?? 1_000_000);
const DAYS = 60;

/**
 * Writes the data set in a few INSERT … SELECT statements. The users go straight into the
 * embedded auth's tables (`auth.users`, `auth.identities`) rather than through its admin API: 10 000
 * API calls, each hashing a password, would take minutes and measure nothing the benchmark asks
 * about. The rows are what the service writes for a confirmed e-mail account (no password: nobody
 * signs in as them). 10 % of the users are on 专业版, so the per-plan figure has two groups.
 * Usage: SEED_USAGE_ROWS rows over the last 60 days, 5 apps × 3 models, any of the users; the
 * rollups follow from the insert's trigger, as in production.
 */
export async function seedAdminData(db: Database): Promise<void> {
  await db.execute(sql`
    insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at)
    select gen_random_uuid(), 'authenticated', 'authenticated', 'bench-user-' || i || '@example.com', now(),
           '{"provider":"email","providers":["email"]}'::jsonb, '{}'::jsonb,
           now() - (i || ' minutes')::interval, now(), now() - (i || ' seconds')::interval
    from generate_series(1, ${SEED_USERS}::int) as i`);
  await db.execute(sql`
    insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
    select gen_random_uuid(), u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true), 'email', u.last_sign_in_at, u.created_at, now()
    from auth.users u where u.email like 'bench-user-%'`);
  await db.execute(sql`
    insert into subscriptions (user_id, plan_id, status, provider, current_period_end)
    select u.id, 'pro', 'active', 'local', now() + interval '30 days'
    from auth.users u where u.email like 'bench-user-%' and right(split_part(u.email, '@', 1), 1) = '7'`);
  await db.execute(sql`
    with numbered as (select id, row_number() over (order by id) - 1 as n from auth.users where email like 'bench-user-%'),
         total as (select count(*) as users from numbered)
    insert into ai_usage_events (appid, user_id, kind, prompt_tokens, completion_tokens, total_tokens, model, latency_ms, created_at)
    select (array['demo-chat','demo-writer','demo-agent','demo-chatflow','demo-model'])[1 + g % 5],
           numbered.id,
           (array['chat','completion','chat','chat','chat'])[1 + g % 5],
           p, c, p + c,
           (array['gpt-4o-mini','deepseek-chat','qwen-plus'])[1 + (g / 5) % 3],
           200 + (g % 1800),
           now() - random() * interval '${sql.raw(String(DAYS))} days'
    from generate_series(0, ${SEED_USAGE_ROWS}::int - 1) as g
    cross join total
    cross join lateral (select (50 + (g::bigint * 7919) % 1500)::int as p, (20 + (g::bigint * 104729) % 900)::int as c) as tokens
    join numbered on numbered.n = (g::bigint * 2654435761) % total.users`);
  // The rollups the usage report reads (ai_usage_daily, ai_usage_monthly_user) were filled by the
  // insert's own statement trigger (migration 0024), as for every writer; checked here against the rows.
  const check = await db.execute<{ rolled: string; raw: string }>(sql`
    select (select coalesce(sum(tokens), 0) from ai_usage_daily) as rolled, (select coalesce(sum(total_tokens), 0) from ai_usage_events) as raw`);
  const totals = check.rows[0];
  if (!totals || totals.rolled !== totals.raw) throw new Error(`usage rollups out of step: ${totals?.rolled} ≠ ${totals?.raw}`);
  // A table filled over 60 days has been vacuumed by autovacuum (inserts trigger it since PostgreSQL
  // 13); a bulk load has not.
  const tables = ["auth.users", "auth.identities", "subscriptions", "ai_usage_events", "ai_usage_daily", "ai_usage_monthly_user"];
  for (const table of tables) await db.execute(sql.raw(`vacuum analyze ${table}`));
}
