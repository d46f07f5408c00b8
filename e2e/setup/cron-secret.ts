// Sidecar of e2e/hardening.spec.ts: gives the server a cron secret, and keeps running until killed.
const CRON_SECRET = "e2e-cron-secret-0123456789abcdef";
console.log(JSON.stringify({ env: { CRON_SECRET }, cronSecret: CRON_SECRET }));
setInterval(() => {}, 1 << 30);
