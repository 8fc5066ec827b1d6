import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** Chart packages (and their d3 parts), whichever the admin console uses. */
const CHART_PACKAGES =
  /node_modules[\\/](recharts|recharts-scale|victory-vendor|d3-[a-z-]+|internmap|chart\.js|react-chartjs-2|chartjs-[a-z-]+|@nivo|@visx|echarts|echarts-for-react|zrender|uplot|apexcharts|react-apexcharts|lightweight-charts)[\\/]/;

const client = (file: string) => fileURLToPath(new URL(`./src/client/${file}`, import.meta.url));

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    // Three entries: the app (portal, admin), a visitor's sign-in screen (React and one form, no router or portal), and
    // the pre-rendered public pages; neither of the last two loads the app's code.
    rollupOptions: {
      input: { app: client("index.html"), auth: client("auth.html"), public: client("public.html") },
      preserveEntrySignatures: false,
      output: {
        // Fewer, larger shared chunks: a public page then needs a handful of requests instead of twenty.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            // Only the admin console may load a chart library; its own chunk lets `npm run bench:web` check that.
            { name: "charts", test: CHART_PACKAGES, priority: 40 },
          ],
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
    // scripts/build-public-site.ts reads it to preload each public page's own chunk.
    manifest: true,
  },
  server: {
    proxy: { "/api": "http://localhost:3000", "/dev": "http://localhost:3000", "/healthz": "http://localhost:3000" },
  },
});
