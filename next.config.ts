import type { NextConfig } from "next";

// Security headers on every answer. Next's App Router bootstraps with inline scripts, so scripts
// allow 'unsafe-inline' but only from this origin; images only from here (a comment's remote image
// is shown as a link, never fetched); nothing may frame the workbench (clickjacking on the labelling
// page); no MIME sniffing. The dev server also needs eval for its refresh runtime.
const dev = process.env.NODE_ENV !== "production";
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src 'self'${dev ? " ws: wss:" : ""}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const securityHeaders = [
  { key: "Content-Security-Policy", value: contentSecurityPolicy },
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
    ];
  },
  typedRoutes: false,
  // `npm test` type-checks the whole tree with tsc before it builds; it sets this so the build does not
  // check the same files a second time. Any other build checks types as usual.
  typescript: { ignoreBuildErrors: process.env.WB_BUILD_TYPES_CHECKED === "1" },
};

export default nextConfig;
