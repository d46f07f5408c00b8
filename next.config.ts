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
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
