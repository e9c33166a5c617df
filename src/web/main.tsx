import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./lib/theme.ts";
import { App } from "./app/App.tsx";
import { createRouter } from "./app/router.tsx";
import { lookAtSession } from "./features/auth/AuthProvider.tsx";
import { nextTask } from "./lib/next-task.ts";
import "./styles.css";

// Asked for before React's first render (a long task on a slow phone), so that the session and the
// code of the page opened (the router loads it as it starts) are on their way meanwhile.
void lookAtSession();
// Evaluating React, making the router and the first render were one task of 100 ms on a phone, the page frozen
// meanwhile: each is now its own task.
await nextTask();
const router = createRouter();
await nextTask();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
