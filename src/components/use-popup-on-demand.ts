"use client";

import { useRef, useState, type ComponentType, type PointerEvent } from "react";

/**
 * For a menu or drawer whose code is loaded on demand, so that it stays out of every page's first
 * load: a plain button stands in for its trigger until then. Hovering or focusing the button starts
 * the download; pressing it also asks for the popup open (on pointer down, as Radix's triggers do, so
 * that a swap between press and release loses nothing). Once loaded, `Popup` is rendered in the
 * button's place, controlled by `open`, and its trigger takes over the focus the button had.
 */
export function usePopupOnDemand<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  const [Popup, setPopup] = useState<ComponentType<Props> | null>(null);
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(false);
  const loading = useRef(false);

  const startLoading = () => {
    if (loading.current) return;
    loading.current = true;
    load()
      .then((module) => setPopup(() => module.default))
      .catch(() => {
        loading.current = false; // offline or a new deployment: the next hover or press tries again
      });
  };
  const openNow = () => {
    startLoading();
    setOpen(true);
  };

  const placeholderProps = {
    onPointerEnter: startLoading,
    onFocus: () => {
      startLoading();
      setFocused(true);
    },
    onBlur: () => setFocused(false),
    onPointerDown: (event: PointerEvent) => {
      if (event.button === 0 && !event.ctrlKey) openNow();
    },
    // Keyboards (Enter, Space) and assistive technology press buttons with a click.
    onClick: openNow,
  };
  /** For the loaded trigger: it keeps the focus the stand-in had. */
  const triggerProps = { autoFocus: focused && !open };
  return { Popup, open, setOpen, placeholderProps, triggerProps };
}
