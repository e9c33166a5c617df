import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { signInOptions } from "./oidc.ts";

// Public: the sign-in screen asks it before anyone is signed in; it says only whether a school sign-in exists.
export const signInOptionRoutes = new Hono<AppEnv>().get("/", async (c) =>
  c.json(await signInOptions(c.get("services"))),
);
