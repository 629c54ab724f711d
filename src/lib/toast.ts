"use client";

import * as React from "react";
import type { ToastActionElement, ToastProps } from "@/components/ui/toast";

/** shadcn/ui toast constants (SPEC §9): one toast at a time, removed 1,000,000 ms after closing. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = "default" | "success" | "destructive";

export type ToastItem = Omit<ToastProps, "title"> & {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
  variant?: ToastVariant;
};

export type ToastInput = Omit<ToastItem, "id">;

type ToastState = { toasts: ToastItem[] };

type ToastEvent =
  | { type: "ADD"; toast: ToastItem }
  | { type: "UPDATE"; toast: Partial<ToastItem> & { id: string } }
  | { type: "DISMISS"; toastId?: string }
  | { type: "REMOVE"; toastId?: string };

export function toastReducer(state: ToastState, event: ToastEvent): ToastState {
  switch (event.type) {
    case "ADD":
      // The newest toast goes first and the limit cuts the rest: a new toast replaces the old one.
      return { toasts: [event.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE":
      return { toasts: state.toasts.map((t) => (t.id === event.toast.id ? { ...t, ...event.toast } : t)) };
    case "DISMISS":
      return {
        toasts: state.toasts.map((t) =>
          event.toastId === undefined || t.id === event.toastId ? { ...t, open: false } : t,
        ),
      };
    case "REMOVE":
      return { toasts: event.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== event.toastId) };
  }
}

// A module-level store so `toast()` works from anywhere (event handlers, fetch wrappers, effects).
let memoryState: ToastState = { toasts: [] };
const listeners = new Set<(state: ToastState) => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let idCounter = 0;

function dispatch(event: ToastEvent) {
  if (event.type === "DISMISS") scheduleRemoval(event.toastId);
  memoryState = toastReducer(memoryState, event);
  for (const listener of listeners) listener(memoryState);
}

function scheduleRemoval(toastId: string | undefined) {
  const ids = toastId === undefined ? memoryState.toasts.map((t) => t.id) : [toastId];
  for (const id of ids) {
    if (removeTimers.has(id)) continue;
    removeTimers.set(
      id,
      setTimeout(() => {
        removeTimers.delete(id);
        dispatch({ type: "REMOVE", toastId: id });
      }, TOAST_REMOVE_DELAY),
    );
  }
}

/** Shows a toast and returns handles to update or dismiss it. */
export function toast(input: ToastInput) {
  const id = String(++idCounter);
  const dismiss = () => dispatch({ type: "DISMISS", toastId: id });
  dispatch({
    type: "ADD",
    toast: {
      ...input,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return {
    id,
    dismiss,
    update: (next: Partial<ToastInput>) => dispatch({ type: "UPDATE", toast: { ...next, id } }),
  };
}

/** Dismisses one toast, or every toast when no id is given. */
export function dismissToast(toastId?: string) {
  dispatch({ type: "DISMISS", toastId });
}

/** The current toasts, re-rendering when they change. */
export function useToast() {
  const [state, setState] = React.useState(memoryState);
  React.useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { toasts: state.toasts, toast, dismiss: dismissToast };
}
