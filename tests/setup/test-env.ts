// The settings every test's config starts from. Kept apart from test-app.ts, which opens the database under test: a
// file that only spawns servers (child-server.ts) then does not reach tests/setup/test-database.ts, and npm test's
// PostgreSQL pass leaves it out (scripts/lib/database-independent-tests.ts).
export const TEST_ENV = {
  NODE_ENV: "test",
  SECRET_KEY: "test-secret-key-that-is-long-enough-0123456789",
  ADMIN_EMAILS: "admin@blueprint.local",
  DEMO_EMAIL: "demo@blueprint.local",
  APP_URL: "http://localhost:3000",
  LOG_LEVEL: "silent",
  DATABASE_URL: "memory://",
} as const;
