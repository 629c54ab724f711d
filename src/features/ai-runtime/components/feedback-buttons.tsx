"use client";

import { ThumbsDown, ThumbsUp } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { Rating } from "../types";

// Loaded when 踩 is first pressed: most answers are never disliked.
const DislikeDialog = lazy(() => import("./dislike-dialog"));

/**
 * 赞 rates at once; 踩 first asks for an optional reason (sent as the feedback's `content`).
 * Pressing the active one again takes the rating back.
 */
export function FeedbackButtons({ rating, onRate, disabled }: { rating: Rating; onRate: (next: Rating, content?: string) => void; disabled?: boolean }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className={cn("size-7", rating === "like" && "text-primary")}
        aria-label="赞"
        title="赞"
        aria-pressed={rating === "like"}
        disabled={disabled}
        onClick={() => onRate(rating === "like" ? null : "like")}
      >
        <ThumbsUp aria-hidden className={cn(rating === "like" && "fill-current")} />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className={cn("size-7", rating === "dislike" && "text-destructive")}
        aria-label="踩"
        title="踩"
        aria-pressed={rating === "dislike"}
        disabled={disabled}
        onClick={() => (rating === "dislike" ? onRate(null) : setAsking(true))}
      >
        <ThumbsDown aria-hidden className={cn(rating === "dislike" && "fill-current")} />
      </Button>
      {asking && (
        <Suspense fallback={null}>
          <DislikeDialog
            onClose={() => setAsking(false)}
            onSubmit={(reason) => {
              setAsking(false);
              onRate("dislike", reason || undefined);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
