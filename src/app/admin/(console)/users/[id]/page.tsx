import { Link } from "@/components/link";
import { notFound } from "next/navigation";
import {
  adminCopy,
  DetailList,
  formatAdminDateTime,
  RemoveFactorButton,
  UserActions,
  UserDetailCard,
  UserStatusBadge,
} from "@/features/admin";
import { adminPageMetadata, getAdminUser, requireAdminPage, userStatus } from "@/features/admin/server";
import { UserRecordsExport } from "@/features/admin/log-export/components/user-records-export";
import { UserQuotaCard } from "@/features/admin/quota/components/user-quota-card";
import { UserSessionsCard } from "@/features/admin/sessions/components/user-sessions-card";
import { UserWalletCard } from "@/features/admin/wallet";
import { getSubscriptionSummary } from "@/features/billing/server";
import { PageHeading } from "@/features/layouts";
import { formatCount, LatestCallsTable } from "@/features/metering";
import { getLatestCalls } from "@/features/metering/server";
import { walletBalance, walletLedgerEntries } from "@/features/wallet/server";
import { getDatabase } from "@/lib/db";

export const generateMetadata = () => adminPageMetadata("用户详情");
export const unstable_dynamicStaleTime = 0;

type Props = { params: Promise<{ id: string }> };

export default async function AdminUserPage({ params }: Props) {
  const admin = await requireAdminPage();
  const { id } = await params;
  const detail = await getAdminUser(id);
  if (!detail) notFound();
  const { user, identities, factors } = detail;
  const db = await getDatabase();
  const [summary, calls] = await Promise.all([getSubscriptionSummary(db, user.id), getLatestCalls(db, user.id, { limit: 10 })]);
  const [balanceFen, ledger] = [await walletBalance(db, user.id), await walletLedgerEntries(db, user.id, 50)];
  const copy = adminCopy.user;
  const status = userStatus(user);
  const who = user.email || user.phone || user.id;
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Link href="/admin/users" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
          ← {copy.back}
        </Link>
        <PageHeading title={who} />
      </div>
      <UserDetailCard title={copy.overview}>
        <DetailList
          items={[
            { label: copy.fields.id, value: <code translate="no">{user.id}</code> },
            { label: copy.fields.email, value: user.email ? <span translate="no">{user.email}</span> : copy.none },
            { label: copy.fields.phone, value: user.phone ? <span translate="no">{user.phone}</span> : copy.none },
            { label: copy.fields.created, value: formatAdminDateTime(user.created_at) },
            { label: copy.fields.lastSignIn, value: user.last_sign_in_at ? formatAdminDateTime(user.last_sign_in_at) : adminCopy.users.neverSignedIn },
            { label: copy.fields.plan, value: summary.plan.name },
            { label: copy.fields.status, value: <UserStatusBadge status={status} /> },
          ]}
        />
      </UserDetailCard>
      <UserDetailCard title={copy.actions}>
        <UserActions userId={user.id} who={who} email={user.email || null} phone={user.phone || null} status={status} isSelf={user.id === admin.userId} />
        <Link href={`/admin/audit?user=${user.id}`} className="mt-4 inline-block text-sm underline-offset-4 hover:underline">
          {copy.auditLink}
        </Link>
      </UserDetailCard>
      <UserQuotaCard userId={user.id} who={who} summary={summary} />
      <UserWalletCard userId={user.id} balanceFen={balanceFen} entries={ledger} />
      <UserDetailCard title={copy.identities}>
        {identities.length === 0 ? (
          <p className="text-sm text-muted-foreground">{copy.identitiesEmpty}</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {identities.map((identity, index) => (
              <li key={`${identity.provider}-${index}`} className="flex flex-wrap gap-x-3">
                <span className="font-medium">{copy.providers[identity.provider] ?? <span translate="no">{identity.provider}</span>}</span>
                {identity.identifier ? <span translate="no">{identity.identifier}</span> : null}
                {identity.lastSignInAt ? <span className="text-muted-foreground">{formatAdminDateTime(identity.lastSignInAt)}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </UserDetailCard>
      <UserDetailCard title={copy.factors}>
        {factors.length === 0 ? (
          <p className="text-sm text-muted-foreground">{copy.factorsEmpty}</p>
        ) : (
          <ul className="grid gap-3 text-sm">
            {factors.map((factor) => {
              const name = factor.friendlyName || copy.factorTypes[factor.type] || factor.type;
              return (
                <li key={factor.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    <span className="font-medium" translate="no">
                      {name}
                    </span>
                    <span className="ml-2 text-muted-foreground">
                      {copy.factorTypes[factor.type] ?? factor.type} · {copy.factorStatus[factor.status] ?? factor.status} · {formatAdminDateTime(factor.createdAt)}
                    </span>
                  </span>
                  <RemoveFactorButton userId={user.id} factorId={factor.id} name={name} />
                </li>
              );
            })}
          </ul>
        )}
      </UserDetailCard>
      <UserSessionsCard userId={user.id} who={who} isSelf={user.id === admin.userId} />
      <UserDetailCard title={copy.usage}>
        <p className="mb-4 text-sm">{copy.usageTokens(formatCount(summary.usage.tokensUsed), formatCount(summary.usage.tokensQuota))}</p>
        <h3 className="mb-2 text-sm font-medium">{copy.recentCalls}</h3>
        {calls.length === 0 ? <p className="text-sm text-muted-foreground">{copy.recentCallsEmpty}</p> : <LatestCallsTable calls={calls} />}
      </UserDetailCard>
      <UserDetailCard title="日志记录">
        <UserRecordsExport userId={user.id} />
      </UserDetailCard>
    </div>
  );
}
