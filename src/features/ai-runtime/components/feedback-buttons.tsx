"use client";

import { ThumbsDown, ThumbsUp } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { Rating } from "../types";

/** 赞 / 踩 toggles: pressing the active one again takes the rating back. */
export function FeedbackButtons({ rating, onRate, disabled }: { rating: Rating; onRate: (next: Rating) => void; disabled?: boolean }) {
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
        onClick={() => onRate(rating === "dislike" ? null : "dislike")}
      >
        <ThumbsDown aria-hidden className={cn(rating === "dislike" && "fill-current")} />
      </Button>
    </>
  );
}
