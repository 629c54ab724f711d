"use client";

import * as React from "react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { cn } from "@/lib/utils";

/** The element to give focus back to when a dialog opened by state (not by a DialogTrigger) closes. */
const DialogOpenerContext = React.createContext<HTMLElement | null>(null);

function focusedElement(): HTMLElement | null {
  const active = typeof document === "undefined" ? null : document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/** A centred modal dialog (Radix Dialog: focus trap, Esc to close, labelled by its title). */
function Dialog({ open, ...props }: React.ComponentProps<typeof DialogPrimitive.Root>) {
  // Noted while rendering the opening (React's "adjust state when a prop changes"): a field inside the
  // dialog that autofocuses takes focus during the commit, before any effect could see who had it.
  const [opener, setOpener] = React.useState<HTMLElement | null>(null);
  const [wasOpen, setWasOpen] = React.useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(focusedElement());
  }
  return (
    <DialogOpenerContext.Provider value={opener}>
      <DialogPrimitive.Root data-slot="dialog" open={open} {...props} />
    </DialogOpenerContext.Provider>
  );
}

function DialogTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />;
}

function DialogClose(props: React.ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}

/**
 * Radix gives focus back to a Dialog.Trigger only; most of our dialogs are opened by state from an
 * ordinary button, and focus then fell to the page's start on close. The element focused when the
 * dialog opened gets it back instead (a keyboard user stays where they were).
 */
function useFocusReturn(onCloseAutoFocus: React.ComponentProps<typeof DialogPrimitive.Content>["onCloseAutoFocus"]) {
  const opener = React.useContext(DialogOpenerContext);
  return (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented || !opener?.isConnected) return;
    event.preventDefault();
    opener.focus();
  };
}

function DialogContent({ className, children, ...props }: React.ComponentProps<typeof DialogPrimitive.Content>) {
  const onCloseAutoFocus = useFocusReturn(props.onCloseAutoFocus);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px] transition-opacity duration-150 starting:opacity-0" />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-background p-6 shadow-xl transition-[opacity,scale] duration-150 outline-none starting:scale-95 starting:opacity-0",
          className,
        )}
        {...props}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        {children}
        <DialogPrimitive.Close
          aria-label="关闭"
          className="absolute top-3 right-3 rounded-md p-1 opacity-60 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <X className="size-4" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("grid gap-1.5 pr-6", className)} {...props} />;
}

function DialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-lg font-semibold", className)} {...props} />;
}

function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

export { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger };
