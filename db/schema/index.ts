export * from "./audit.ts";
export * from "./catalog.ts";
export * from "./inquiries.ts";
export * from "./newsletter.ts";
export * from "./orders.ts";
export * from "./outbox.ts";
export * from "./rate-limits.ts";
export * from "./users.ts";
