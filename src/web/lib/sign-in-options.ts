import { useEffect, useState } from "react";
import type { SignInOptions } from "../../common/sso.ts";
import { api } from "./api.ts";

/** Asked once per page load: the answer changes only when the server is restarted with other settings. */
let asked: Promise<SignInOptions> | null = null;

/**
 * Whether the school signs in with its own account: public, since the sign-in screen asks before anyone is
 * signed in. A plain request, not a query: /auth's first load goes without TanStack Query (app/QueryLayer.tsx).
 * Null until it answers, and when it cannot be read (the screen then shows the password modes alone).
 */
export function useSignInOptions(): SignInOptions | null {
  const [options, setOptions] = useState<SignInOptions | null>(null);
  useEffect(() => {
    let live = true;
    asked ??= api<SignInOptions>("/rest/v1/sign-in-options").catch((err: unknown) => {
      asked = null;
      throw err;
    });
    asked.then((o) => live && setOptions(o)).catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return options;
}
