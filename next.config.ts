import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files relative to its own module, and pg/prisma adapters
  // are Node-only: keep them out of the bundle and load them from node_modules at run time.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/adapter-pg",
    "pg",
    "@prisma/client",
    "octokit",
  ],
  // Separate build folders let several builds (e.g. parallel e2e runs) coexist.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
