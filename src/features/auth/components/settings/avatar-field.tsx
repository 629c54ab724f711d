"use client";

import type { User } from "@supabase/supabase-js";
import { UserRound } from "lucide-react";
import { useRef, useState, type ChangeEvent } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { authCopy } from "../../copy";
import { useAuth } from "../use-auth";
import { usePendingAction } from "../use-pending-action";
import { onStorageOrigin } from "@/lib/supabase/storage-origin";
import { storageUrlNow } from "@/lib/supabase/use-storage-origin";

const copy = authCopy.settings.profile;

// The public `avatars` bucket made by the storage service at first start (images, 2 MB).
const AVATAR_BUCKET = "avatars";
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Storage answers in its own (English) protocol; its refusals of type and size read in Chinese here. */
function avatarRefusal(error: { message: string; statusCode?: string }): string {
  if (error.statusCode === "415") return copy.avatarWrongType;
  if (error.statusCode === "413") return copy.avatarTooLarge;
  return error.message;
}

function avatarUrlOf(user: User): string | null {
  const value: unknown = user.user_metadata?.avatar_url;
  return typeof value === "string" && value ? value : null;
}

/**
 * The profile picture: uploaded to `avatars/{userId}/avatar` (users may only write their own
 * folder) and referenced from user_metadata.avatar_url, with a version so browsers refetch it.
 */
export function AvatarField({ user }: { user: User }) {
  const { getClient } = useAuth();
  const { pending, run } = usePendingAction();
  const input = useRef<HTMLInputElement>(null);
  const [avatarUrl, setAvatarUrl] = useState(() => avatarUrlOf(user));

  async function saveAvatarUrl(url: string | null) {
    const client = await getClient();
    const { error } = await client.auth.updateUser({ data: { avatar_url: url } });
    if (error) throw error;
    setAvatarUrl(url);
  }

  function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ""; // the same file can be picked again after an error
    if (!file) return;
    if (!file.type.startsWith("image/")) return void toast({ variant: "destructive", title: copy.avatarWrongType });
    if (file.size > AVATAR_MAX_BYTES) return void toast({ variant: "destructive", title: copy.avatarTooLarge });
    void run(async () => {
      const client = await getClient();
      const path = `${user.id}/avatar`;
      const { error } = await client.storage.from(AVATAR_BUCKET).upload(path, file, { upsert: true, contentType: file.type });
      if (error) throw new Error(`${copy.avatarFailed}：${avatarRefusal(error)}`);
      const { publicUrl } = client.storage.from(AVATAR_BUCKET).getPublicUrl(path).data;
      // Served from the storage origin when STORAGE_PUBLIC_URL is set, like every other user file.
      await saveAvatarUrl(`${onStorageOrigin(publicUrl, await storageUrlNow())}?v=${Date.now()}`);
      toast({ variant: "success", title: copy.avatarUpdated, duration: 2000 });
    });
  }

  function remove() {
    void run(async () => {
      const client = await getClient();
      await client.storage.from(AVATAR_BUCKET).remove([`${user.id}/avatar`]);
      await saveAvatarUrl(null);
      toast({ variant: "success", title: copy.avatarRemoved, duration: 2000 });
    });
  }

  return (
    <div className="flex items-center gap-4">
      <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full border bg-muted">
        {avatarUrl ? (
          // A user-uploaded image on the storage host: next/image would need that host configured.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={avatarUrl} alt={copy.avatarAlt} className="size-full object-cover" />
        ) : (
          <UserRound className="size-8 text-muted-foreground" aria-hidden />
        )}
      </div>
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={pending} onClick={() => input.current?.click()}>
            {copy.changeAvatar}
          </Button>
          {avatarUrl && (
            <Button type="button" variant="ghost" size="sm" disabled={pending} onClick={remove}>
              {copy.removeAvatar}
            </Button>
          )}
        </div>
        <p className="text-xs text-muted-foreground">{copy.avatarHint}</p>
        <input ref={input} type="file" accept="image/*" className="sr-only" aria-label={copy.changeAvatar} onChange={upload} data-testid="avatar-input" />
      </div>
    </div>
  );
}
