import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { SIGN_UP_REFUSED } from "../../../common/limits.ts";
import type { Role } from "../../../common/roles.ts";
import { api, ApiError, setRateLimitHandler, setTwoStepRequiredHandler } from "../../lib/api.ts";
import { clearQueryCache } from "../../lib/query-cache.ts";
import type { AuthContextValue, AuthEvent, AuthUser, Session, TwoStepProof } from "./types.ts";

/** How often an open tab asks whether its session still stands (and whether its expiry moved). */
const RECHECK_MS = 5 * 60 * 1000;
const CHANNEL_NAME = "portal-auth";

interface BetterAuthUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  createdAt: string;
  updatedAt: string;
  /** Added by the server from the person's profile. */
  role?: Role;
  twoFactorEnabled?: boolean;
  /** Added by the server: the school requires two-step sign-in of this person, who has not set it up. */
  twoStepSetupNeeded?: boolean;
}
interface BetterAuthSession {
  session: { expiresAt: string };
  user: BetterAuthUser;
}
type TabMessage = { type: "SIGNED_IN" | "SIGNED_OUT" | "USER_UPDATED" };

/**
 * Thrown by signUp when the account exists but the automatic sign-in after it did not work (for
 * example the e-mail still has to be confirmed): SPEC §4 says the user is then told to sign in.
 */
export class SignInRequiredError extends Error {
  constructor(readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : "Please sign in.");
    this.name = "SignInRequiredError";
  }
}

function toSession(raw: BetterAuthSession): Session {
  const user: AuthUser = {
    id: raw.user.id,
    email: raw.user.email,
    // better-auth keeps only a flag; the account's last update is the closest moment it knows of.
    email_confirmed_at: raw.user.emailVerified ? raw.user.updatedAt : null,
    user_metadata: { full_name: raw.user.name },
    role: raw.user.role ?? "student",
    twoStep: { enabled: !!raw.user.twoFactorEnabled, setupNeeded: !!raw.user.twoStepSetupNeeded },
  };
  return { expires_at: new Date(raw.session.expiresAt).toISOString(), user };
}

/** Throws only when the server cannot be asked; a signed-out answer is null. */
async function fetchSession(): Promise<Session | null> {
  const raw = await api<BetterAuthSession | null>("/auth/v1/get-session");
  if (!raw?.session || !raw.user) return null;
  return toSession(raw);
}

let firstLook: Promise<Session | null> | null = null;

/**
 * The page's first look at the session (null when signed out or the server cannot be asked). main.tsx
 * starts it before React's first render, a long task on a slow phone, so that the answer is on its way
 * meanwhile; the provider then takes the same answer instead of asking again.
 */
export function lookAtSession(): Promise<Session | null> {
  firstLook ??= fetchSession().catch(() => null);
  return firstLook;
}

function sameUser(a: AuthUser, b: AuthUser) {
  return (
    a.email === b.email &&
    a.role === b.role &&
    a.email_confirmed_at === b.email_confirmed_at &&
    a.user_metadata.full_name === b.user_metadata.full_name &&
    a.twoStep.enabled === b.twoStep.enabled &&
    a.twoStep.setupNeeded === b.twoStep.setupNeeded
  );
}

/** The server refuses a sign-up with a registered address like any other, so any refusal may be one. */
function mayBeRegistered(err: unknown) {
  return err instanceof ApiError && err.code === SIGN_UP_REFUSED.code;
}

interface AuthInternals {
  /** The reset page calls this once its link proved valid (SPEC §4's password-recovery event). */
  notifyPasswordRecovery(): void;
}

const AuthContext = createContext<(AuthContextValue & AuthInternals) | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  const sessionRef = useRef<Session | null>(null);
  const listeners = useRef(new Set<(event: AuthEvent, session: Session | null) => void>());
  const channel = useRef<BroadcastChannel | null>(null);

  const emit = useCallback((event: AuthEvent, s: Session | null) => {
    for (const listener of [...listeners.current]) {
      try {
        listener(event, s);
      } catch (err) {
        console.error("An auth listener failed", err);
      }
    }
  }, []);

  const tell = useCallback((message: TabMessage) => {
    try {
      channel.current?.postMessage(message);
    } catch {
      /* a closed channel only means no other tab is listening */
    }
  }, []);

  const store = useCallback((next: Session | null) => {
    sessionRef.current = next;
    setSession(next);
  }, []);

  const clearLocal = useCallback(() => {
    const had = sessionRef.current !== null;
    store(null);
    // Nothing the last user loaded may show to whoever signs in next.
    clearQueryCache();
    if (had) emit("SIGNED_OUT", null);
  }, [emit, store]);

  /** Brings this tab in step with what the server says now, emitting the event that describes the change. */
  const reconcile = useCallback(
    (next: Session | null) => {
      const prev = sessionRef.current;
      if (!next) {
        if (prev) clearLocal();
        return;
      }
      if (!prev || prev.user.id !== next.user.id) {
        if (prev) clearQueryCache();
        store(next);
        emit("SIGNED_IN", next);
        return;
      }
      const userChanged = !sameUser(prev.user, next.user);
      const expiryMoved = prev.expires_at !== next.expires_at;
      if (!userChanged && !expiryMoved) return;
      store(next);
      if (userChanged) emit("USER_UPDATED", next);
      if (expiryMoved) emit("TOKEN_REFRESHED", next);
    },
    [clearLocal, emit, store],
  );

  const recheck = useCallback(async () => {
    let next: Session | null;
    try {
      next = await fetchSession();
    } catch {
      return; // unreachable server: keep what we have rather than sign anyone out
    }
    reconcile(next);
  }, [reconcile]);

  const completeSignIn = useCallback(
    async (userId: string) => {
      try {
        await api("/rest/v1/rpc/sync_auth_user_to_profile", { json: { user_id: userId } });
      } catch (err) {
        console.error("Profile sync failed", err);
      }
      const next = await fetchSession();
      if (!next) throw new ApiError(401, "Invalid email or password");
      reconcile(next);
      tell({ type: "SIGNED_IN" });
    },
    [reconcile, tell],
  );

  const signIn = useCallback(
    async (email: string, password: string) => {
      const res = await api<{ user: BetterAuthUser } | { twoFactorRedirect: true }>("/auth/v1/sign-in/email", {
        json: { email, password },
      });
      // The password was right; the server keeps the half-done sign-in in a short-lived cookie of its own.
      if ("twoFactorRedirect" in res) return "two-step" as const;
      await completeSignIn(res.user.id);
      return "signed-in" as const;
    },
    [completeSignIn],
  );

  const verifyTwoStep = useCallback(
    async ({ kind, code }: TwoStepProof) => {
      const path = kind === "totp" ? "/auth/v1/two-factor/verify-totp" : "/auth/v1/two-factor/verify-backup-code";
      const res = await api<{ user: BetterAuthUser }>(path, { json: { code: code.trim() } });
      await completeSignIn(res.user.id);
    },
    [completeSignIn],
  );

  const signUp = useCallback(
    async (email: string, password: string, fullName: string) => {
      let res: { token: string | null; user: BetterAuthUser };
      try {
        res = await api("/auth/v1/sign-up/email", { json: { email, password, name: fullName, callbackURL: "/" } });
      } catch (err) {
        if (mayBeRegistered(err)) {
          return (await signIn(email, password)) === "two-step" ? "two-step" : "existing";
        }
        throw err;
      }
      // The server hands out a session only when the e-mail needs no confirmation. Without one (or if
      // it did not stick), signing in is how to find out whether this account may enter yet.
      if (res.token) {
        try {
          await completeSignIn(res.user.id);
          return "created";
        } catch {
          /* fall through to the sign-in attempt */
        }
      }
      try {
        if ((await signIn(email, password)) === "two-step") return "two-step";
      } catch (err) {
        throw new SignInRequiredError(err);
      }
      return "created";
    },
    [completeSignIn, signIn],
  );

  const signOut = useCallback(async () => {
    try {
      await api("/auth/v1/sign-out", { method: "POST", json: {} });
    } catch (err) {
      // The local state is cleared regardless: a user who asked to leave must see that they left.
      console.error("Sign-out call failed", err);
    }
    clearLocal();
    tell({ type: "SIGNED_OUT" });
  }, [clearLocal, tell]);

  const requestPasswordReset = useCallback(async (email: string) => {
    await api("/auth/v1/request-password-reset", { json: { email, redirectTo: "/reset-password" } });
  }, []);

  const refresh = useCallback(async () => {
    const before = sessionRef.current;
    await recheck();
    const after = sessionRef.current;
    if (before && after && before !== after) tell({ type: "USER_UPDATED" });
  }, [recheck, tell]);

  const onAuthStateChange = useCallback((listener: (event: AuthEvent, s: Session | null) => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  const notifyPasswordRecovery = useCallback(() => emit("PASSWORD_RECOVERY", sessionRef.current), [emit]);

  // First look at the session.
  useEffect(() => {
    let cancelled = false;
    void lookAtSession().then((s) => {
      if (cancelled) return;
      // The first page's frame and content are drawn from this: as a transition React draws them in slices,
      // where an ordinary update was one task of 70 ms on a phone (after the session, nothing can be typed yet).
      startTransition(() => {
        store(s);
        setLoading(false);
      });
    });
    return () => {
      cancelled = true;
    };
  }, [store]);

  // SPEC §4: an error about too many failed attempts or a rate limit signs the user out.
  useEffect(() => {
    let busy = false;
    setRateLimitHandler(() => {
      if (busy) return;
      busy = true;
      void signOut().finally(() => {
        busy = false;
      });
    });
    return () => setRateLimitHandler(null);
  }, [signOut]);

  // The server refused a request until two-step sign-in is set up (the school turned the requirement on since this
  // tab read its session): the session says so at once, so that RequireAuth leads to the setup, then the server's
  // own answer is read.
  useEffect(() => {
    setTwoStepRequiredHandler(() => {
      const s = sessionRef.current;
      if (s && !s.user.twoStep.setupNeeded)
        reconcile({ ...s, user: { ...s.user, twoStep: { ...s.user.twoStep, setupNeeded: true } } });
      void recheck();
    });
    return () => setTwoStepRequiredHandler(null);
  }, [reconcile, recheck]);

  // Other tabs of the same browser share the cookie, so they only need to hear what happened.
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const ch = new BroadcastChannel(CHANNEL_NAME);
    channel.current = ch;
    ch.onmessage = (e: MessageEvent<TabMessage>) => {
      if (e.data?.type === "SIGNED_OUT") clearLocal();
      else if (e.data?.type === "SIGNED_IN" || e.data?.type === "USER_UPDATED") void recheck();
    };
    return () => {
      channel.current = null;
      ch.close();
    };
  }, [clearLocal, recheck]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible" && sessionRef.current) void recheck();
    };
    const timer = window.setInterval(() => {
      if (sessionRef.current && document.visibilityState === "visible") void recheck();
    }, RECHECK_MS);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [recheck]);

  const value = useMemo(
    () => ({
      session,
      user: session?.user ?? null,
      loading,
      signIn,
      verifyTwoStep,
      signUp,
      signOut,
      requestPasswordReset,
      refresh,
      onAuthStateChange,
      notifyPasswordRecovery,
    }),
    [
      session,
      loading,
      signIn,
      verifyTwoStep,
      signUp,
      signOut,
      requestPasswordReset,
      refresh,
      onAuthStateChange,
      notifyPasswordRecovery,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

function useAuthContext() {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth must be used inside <AuthProvider>");
  return ctx;
}

export function useAuth(): AuthContextValue {
  return useAuthContext();
}

export function usePasswordRecoveryNotice(): () => void {
  return useAuthContext().notifyPasswordRecovery;
}
