"use client";

import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { announcementsCopy, type AdminAnnouncementView } from "@/features/announcements";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog";
import { useAdminAction } from "../../components/use-admin-action";
import { formatAdminDateTime } from "../../format";

const copy = announcementsCopy.admin;

/** The posted announcements, newest first, each deletable. */
export function AnnouncementsTable({ announcements, planNames }: { announcements: AdminAnnouncementView[]; planNames: Record<string, string> }) {
  const run = useAdminAction();
  if (announcements.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{copy.empty}</p>;
  return (
    <Table aria-label={copy.listTitle}>
      <TableHeader>
        <TableRow>
          <TableHead>{copy.columns.text}</TableHead>
          <TableHead>{copy.columns.period}</TableHead>
          <TableHead>{copy.columns.audience}</TableHead>
          <TableHead>{copy.columns.actions}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {announcements.map((announcement) => (
          <TableRow key={announcement.id} className="align-top">
            <TableCell className="max-w-md min-w-48 break-words whitespace-normal">
              {announcement.text}
              {announcement.link ? (
                <span className="block text-xs text-muted-foreground break-all" translate="no">
                  {announcement.link}
                </span>
              ) : null}
            </TableCell>
            <TableCell className="text-xs whitespace-nowrap">
              {formatAdminDateTime(announcement.startsAt)}
              <span className="block">— {announcement.endsAt ? formatAdminDateTime(announcement.endsAt) : copy.untilDeleted}</span>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {announcement.audiencePlanId ? copy.planAudience(planNames[announcement.audiencePlanId] ?? announcement.audiencePlanId) : copy.everyone}
            </TableCell>
            <TableCell>
              <ConfirmActionDialog
                trigger={
                  <Button size="sm" variant="outline">
                    {copy.delete}
                  </Button>
                }
                title={copy.deleteTitle}
                description={copy.deleteDescription}
                confirmLabel={copy.delete}
                destructive
                onConfirm={async () => void (await run(`announcements/${announcement.id}`, { method: "DELETE" }, () => copy.deleted))}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
