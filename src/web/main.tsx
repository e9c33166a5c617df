import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./lib/theme.ts";
import { App } from "./app/App.tsx";
import "./styles.css";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
