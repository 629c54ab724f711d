"use client";

import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from "react";
import { ReauthDialog } from "./reauth-dialog";

/** Asks the operator for their password again; resolves true once they signed in anew. */
type RequestReauth = () => Promise<boolean>;

const ReauthContext = createContext<RequestReauth>(async () => false);

export const useRequestReauth = () => useContext(ReauthContext);

/**
 * The console's re-authentication: an action answered 403 请重新输入密码以继续操作 (the session's last
 * sign-in is over 12 hours old) opens the dialog; a password sign-in there gives a fresh session and the
 * action is tried once more. `email` is the operator's address; `hasMfa`: a password sign-in would
 * give an aal1 session, which the console refuses, so those operators are sent to sign in again fully.
 */
export function ReauthProvider({ email, hasMfa, children }: { email: string | null; hasMfa: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pending = useRef<((done: boolean) => void) | null>(null);
  const request = useCallback<RequestReauth>(
    () =>
      new Promise<boolean>((resolve) => {
        pending.current?.(false);
        pending.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const finish = (done: boolean) => {
    pending.current?.(done);
    pending.current = null;
    setOpen(false);
  };
  return (
    <ReauthContext.Provider value={request}>
      {children}
      <ReauthDialog open={open} email={email} hasMfa={hasMfa} onDone={finish} />
    </ReauthContext.Provider>
  );
}
