import {
  BookOpen,
  CalendarClock,
  Camera,
  Clapperboard,
  Film,
  FolderKanban,
  GraduationCap,
  Home,
  LayoutDashboard,
  LogOut,
  Menu,
  ScrollText,
  Settings,
  Users,
  Wrench,
  X,
  type LucideIcon,
  MapPin,
} from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, NavLink, Outlet, useLocation, useNavigate, useNavigation } from "react-router";
import { notify } from "../components/toast.tsx";
import { Brand } from "../components/Brand.tsx";
import { LeaveGuard } from "../components/LeaveGuard.tsx";
import { Button } from "../components/ui/Button.tsx";
import { useAuth } from "../features/auth/AuthProvider.tsx";
import { NotificationBell } from "../features/inbox/NotificationBell.tsx";
import { useOnSet } from "../features/daily-reports/api.ts";
import { MSG } from "../features/auth/messages.ts";
import { signInLink } from "../lib/next.ts";
import { cn } from "../lib/cn.ts";
import { mayOpen } from "./pages.ts";

/** An area only some roles can use is listed only to them, by its page's `need` (the server refuses everyone else anyway). */
const NAV: { label: string; to: string; icon: LucideIcon }[] = [
  { label: "Home", to: "/", icon: Home },
  { label: "Today", to: "/today", icon: CalendarClock },
  { label: "Production Overview", to: "/production-overview", icon: Clapperboard },
  { label: "Projects", to: "/projects", icon: FolderKanban },
  { label: "Screenplays", to: "/screenplays", icon: ScrollText },
  { label: "Documentary Projects", to: "/projects/documentary", icon: Film },
  { label: "Courses", to: "/courses", icon: GraduationCap },
  { label: "Locations", to: "/locations", icon: MapPin },
  { label: "Equipment", to: "/equipment", icon: Camera },
  { label: "Equipment Admin", to: "/equipment-admin", icon: Wrench },
  { label: "Admin", to: "/admin", icon: LayoutDashboard },
  { label: "User Management", to: "/user-management", icon: Users },
  { label: "Guide", to: "/guide", icon: BookOpen },
  { label: "Settings", to: "/settings", icon: Settings },
];

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500";

/**
 * The frame around every page except the sign-in and reset screens. Signed in, it carries the
 * navigation (a sidebar from 768 px, behind "Menu" below) and Sign Out; on a public page opened by
 * someone without an account it is only the brand and a way to sign in.
 */
export function Shell() {
  const { user, loading, signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const navId = useId();
  // Today is in the menu on the days it serves: a shoot day of the person's, or a report still open.
  const onSet = useOnSet(!!user).data?.onSet ?? false;

  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setMenuOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  async function onSignOut() {
    setSigningOut(true);
    try {
      await signOut();
      notify.success(MSG.signedOut);
      navigate("/auth");
    } finally {
      setSigningOut(false);
    }
  }

  const signOutButton = (className: string) => (
    <Button variant="secondary" busy={signingOut} onClick={onSignOut} className={className}>
      <LogOut aria-hidden className="size-4" />
      Sign Out
    </Button>
  );

  return (
    <div className="min-h-dvh bg-zinc-50 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-medium text-zinc-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus-visible:outline-2 focus-visible:outline-amber-500"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white/95 backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/95">
        <div className="flex h-14 items-center gap-2 px-2 md:px-6">
          {user && (
            <button
              type="button"
              aria-expanded={menuOpen}
              aria-controls={navId}
              onClick={() => setMenuOpen((open) => !open)}
              className={cn(
                "inline-flex size-11 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 md:hidden dark:text-zinc-300 dark:hover:bg-zinc-800",
                focusRing,
              )}
            >
              {menuOpen ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
              <span className="sr-only">Menu</span>
            </button>
          )}
          <Link to="/" className={cn("inline-flex min-h-11 items-center rounded-md px-2 text-lg", focusRing)}>
            <Brand />
          </Link>
          <div className="ml-auto flex items-center gap-3">
            {user ? (
              <>
                {/* Until a required two-step sign-in is set up the server answers only the setup's reads. */}
                {!user.twoStep.setupNeeded && <NotificationBell />}
                <span className="hidden text-sm text-zinc-600 md:inline dark:text-zinc-400">
                  {user.user_metadata.full_name}
                </span>
                <div className="hidden md:block">{signOutButton("")}</div>
              </>
            ) : (
              !loading &&
              location.pathname !== "/auth" && (
                <Link
                  to={signInLink(location.pathname + location.search)}
                  className={cn(
                    "inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium underline-offset-4 hover:underline md:min-h-10",
                    focusRing,
                  )}
                >
                  Sign In
                </Link>
              )
            )}
          </div>
        </div>
        {navigation.state === "loading" && (
          <div aria-hidden className="absolute inset-x-0 bottom-0 h-0.5 animate-pulse bg-amber-500" />
        )}
      </header>
      <div className="md:flex">
        {user && (
          <nav
            id={navId}
            aria-label="Main"
            className={cn(
              "border-b border-zinc-200 bg-white px-2 py-2 md:sticky md:top-14 md:block md:h-[calc(100dvh-3.5rem)] md:w-60 md:shrink-0 md:overflow-y-auto md:border-r md:border-b-0 md:py-4 dark:border-zinc-800 dark:bg-zinc-900",
              menuOpen ? "block" : "hidden",
            )}
          >
            <ul className="flex flex-col gap-0.5">
              {NAV.filter((n) => mayOpen(n.to, user?.role) && (n.to !== "/today" || onSet)).map(
                ({ label, to, icon: Icon }) => (
                  <li key={to}>
                    <NavLink
                      to={to}
                      end={to === "/"}
                      className={({ isActive }) =>
                        cn(
                          "flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium md:min-h-10",
                          focusRing,
                          isActive
                            ? "bg-zinc-900 text-white dark:bg-amber-400 dark:text-zinc-950"
                            : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800",
                        )
                      }
                    >
                      <Icon aria-hidden className="size-4 shrink-0" />
                      {label}
                    </NavLink>
                  </li>
                ),
              )}
            </ul>
            <div className="mt-2 border-t border-zinc-200 px-1 pt-3 pb-1 md:hidden dark:border-zinc-800">
              <p className="px-2 pb-2 text-sm text-zinc-600 dark:text-zinc-400">
                Signed in as {user.user_metadata.full_name}
              </p>
              {signOutButton("w-full")}
            </div>
          </nav>
        )}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none md:px-8 md:py-8">
          <div className="mx-auto max-w-6xl">
            <Outlet />
          </div>
        </main>
      </div>
      <LeaveGuard />
    </div>
  );
}
