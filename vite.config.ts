import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const api = process.env.PORTAL_API ?? "http://localhost:3000";

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  build: { outDir: "../../dist", emptyOutDir: true, sourcemap: false },
  server: {
    proxy: {
      "/auth/v1": api,
      "/rest/v1": api,
      "/functions/v1": api,
      "/storage/v1": api,
      "/realtime/v1": { target: api, ws: true },
    },
  },
});
