import type { NextConfig } from "next";
import { API_CONTENT_SECURITY_POLICY } from "./lib/http/content-security-policy";

// Security headers on every answer: nothing may frame the workbench (clickjacking on the labelling
// page), no MIME sniffing. The pages' Content-Security-Policy carries a nonce per request, so proxy.ts
// sets it (lib/http/content-security-policy.ts); the API routes the proxy leaves alone get a policy
// that lets nothing run.
const securityHeaders = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files relative to its own module, and pg/prisma adapters
  // are Node-only: keep them out of the bundle and load them from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg", "@prisma/client", "octokit"],
  // Separate build folders let several builds (e.g. parallel e2e runs) coexist.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  poweredByHeader: false,
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // answers carry labels and other users' work: never kept by a browser or shared cache
      { source: "/api/:path*", headers: [{ key: "Cache-Control", value: "no-store" }] },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
      { source: "/evaluate/runs", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
  typedRoutes: false,
  // `npm test` type-checks the whole tree with tsc before it builds; it sets this so the build does not
  // check the same files a second time. Any other build checks types as usual.
  typescript: { ignoreBuildErrors: process.env.WB_BUILD_TYPES_CHECKED === "1" },
};

export default nextConfig;
