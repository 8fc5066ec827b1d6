// npm run seed: sample customers, profiles and projects for trying the admin console. Never runs by default.
// `npm run seed -- --customers 5000 --projects 50000` adds bulk data for measuring at scale (scripts/seed-scale.ts).
import { parseArgs } from "node:util";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { createCompletedProfile, createProjectWithStatus, createUser } from "../tests/factories";
import { seedAtScale } from "./seed-scale";

const SAMPLES = [
  {
    email: "maya@northwind.example",
    name: "Maya Chen",
    company: "Northwind Logistics",
    packageType: "advanced",
    status: "development",
    nda: "approved",
  },
  {
    email: "omar@brightpath.example",
    name: "Omar Haddad",
    company: "BrightPath Health",
    packageType: "premium",
    status: "testing",
    nda: "approved",
    prototypeUrl: "https://example.com",
  },
  {
    email: "lena@fjord.example",
    name: "Lena Sørensen",
    company: "Fjord Retail",
    packageType: "basic",
    status: "requirements",
    nda: "customer_verified",
  },
  {
    email: "raj@kite.example",
    name: "Raj Patel",
    company: "Kite Finance",
    packageType: "basic",
    status: "completed",
    nda: "approved",
  },
] as const;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl });
  await database.migrate();
  try {
    for (const sample of SAMPLES) {
      const user = await createUser(database.db, { email: sample.email, name: sample.name }).catch(() => null);
      if (!user) {
        console.log(`skipped ${sample.email} (exists)`);
        continue;
      }
      await createCompletedProfile(database.db, {
        userId: user.id,
        fullName: sample.name,
        company: sample.company,
        packageType: sample.packageType,
        ndaStatus: sample.nda,
      });
      await createProjectWithStatus(database.db, {
        ownerId: user.id,
        packageType: sample.packageType,
        status: sample.status,
        ...("prototypeUrl" in sample ? { prototypeUrl: sample.prototypeUrl } : {}),
      });
      console.log(`seeded ${sample.email}`);
    }
    await createUser(database.db, { email: "login.only@example.com", name: "Lee Login" }).catch(() => null);
    const { values } = parseArgs({ options: { customers: { type: "string" }, projects: { type: "string" } } });
    if (values.customers || values.projects) {
      const projects = Number(values.projects ?? 0);
      const customers = Number(values.customers ?? Math.max(10, Math.ceil(projects / 10)));
      if (!Number.isInteger(customers) || !Number.isInteger(projects) || customers < 10 || projects < 0) {
        throw new Error("--customers must be a whole number of at least 10 and --projects a whole number");
      }
      const started = performance.now();
      const counts = await seedAtScale(database.db, { customers, projects });
      console.log(`bulk rows added in ${((performance.now() - started) / 1000).toFixed(1)} s:`, counts);
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
