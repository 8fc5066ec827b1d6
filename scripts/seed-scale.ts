// Bulk sample data for measuring at scale (`npm run seed -- --customers 5000 --projects 50000`): each table is filled
// by one INSERT ... SELECT over generate_series, so 50,000 projects take seconds, not a query per row. Rows have
// ids derived from their number (md5 → uuid) and fixed e-mail addresses and codes, so running it again adds nothing.
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client";
import { COMPANY_SIZES, INDUSTRIES } from "../src/shared/constants/lists";

export type ScaleSeedOptions = { customers: number; projects: number };

/** A text chosen from a list by a row number (SQL), so the data varies without random(). */
function pick(values: readonly string[], index: string): string {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(",");
  return `(array[${list}])[1 + (${index}) % ${values.length}]`;
}

const FIRST = ["Maya", "Omar", "Lena", "Raj", "Ana", "Kenji", "Zoe", "Ivan", "Priya", "Tom", "Sara", "Luis", "Aisha", "Noah"];
const LAST = ["Chen", "Haddad", "Sørensen", "Patel", "García", "Tanaka", "Smith", "Petrov", "Iyer", "Okafor", "Müller", "Rossi"];
const COMPANY = ["Northwind", "BrightPath", "Fjord", "Kite", "Harbor", "Summit", "Lumen", "Cedar", "Atlas", "Orbit", "Nimbus"];
const SUFFIX = ["Logistics", "Health", "Retail", "Finance", "Labs", "Foods", "Energy", "Education", "Travel", "Media"];
const STATUS = ["profile", "requirements", "requirements", "development", "development", "testing", "completed"];
const PACKAGE = ["basic", "basic", "advanced", "premium"];
const PRODUCT = ["Dock booking", "Clinic intake", "Field inspections", "Invoice approvals", "Fleet tracker", "Course portal"];
const ISSUE = [
  "The save button does nothing on the second step of the form",
  "Dates show in the wrong time zone on the calendar view",
  "It would help to filter the list by customer and by status",
  "The export should include the driver's phone number",
];
const CHANGE = [
  "Save the draft and move to the next step with a confirmation",
  "Show every date in the viewer's own time zone with its offset",
  "Add two filters above the list and keep them in the address",
  "Add a phone column after the driver's name in the export",
];

/** Customers and projects with their profiles, NDAs, requirements, members, feedback, messages, meetings and activity. */
export async function seedAtScale(db: Database, options: ScaleSeedOptions): Promise<Record<string, number>> {
  const { customers, projects } = options;
  const counts: Record<string, number> = {};
  const run = async (table: string, statement: string) => {
    const result = await db.execute(sql.raw(statement));
    counts[table] = (counts[table] ?? 0) + Number((result as { rowCount?: number; affectedRows?: number }).rowCount ?? 0);
  };
  const userId = (n: string) => `md5('seed-user-' || ${n})::uuid`;
  const projectId = (n: string) => `md5('seed-project-' || ${n})::uuid`;
  // Nine in ten customers have a profile (one in four of those unfinished); the rest signed in only.
  const hasProfile = (n: string) => `(${n}) % 10 <> 0`;

  await run(
    "users",
    `insert into users (id, email, name, first_name, last_name, role, created_at, last_sign_in_at)
     select ${userId("g")}, 'customer' || g || '@seed.example', f || ' ' || l, f, l, 'customer',
            now() - (g % 900) * interval '1 day', now() - (g % 30) * interval '1 day'
     from generate_series(1, ${customers}) g,
          lateral (select ${pick(FIRST, "g")} f, ${pick(LAST, "g / 7")} l) names
     on conflict do nothing`,
  );
  await run(
    "profiles",
    `insert into profiles (id, user_id, full_name, company, job_title, phone, company_size, industry, company_address,
                           company_website, primary_contact, package_type, budget_range, timeline, profile_completed,
                           nda_signed, nda_signed_at, nda_status, nda_approved_at, created_at)
     select md5('seed-profile-' || g)::uuid, ${userId("g")}, u.name,
            ${pick(COMPANY, "g")} || ' ' || ${pick(SUFFIX, "g / 11")}, 'Head of Operations', '+1 555 01' || lpad((g % 100)::text, 2, '0'),
            ${pick(COMPANY_SIZES, "g")}, ${pick(INDUSTRIES, "g")}, g || ' Market Street, Springfield', 'example.com', u.name,
            ${pick(PACKAGE, "g")}, '5k-10k', '4-6 weeks', g % 4 <> 1,
            g % 3 <> 0, case when g % 3 <> 0 then u.created_at + interval '1 day' end,
            case g % 3 when 0 then 'pending' when 1 then 'customer_verified' else 'approved' end,
            case when g % 3 = 2 then u.created_at + interval '2 days' end, u.created_at
     from generate_series(1, ${customers}) g join users u on u.id = ${userId("g")}
     where ${hasProfile("g")}
     on conflict do nothing`,
  );
  // Project owners are the customers with a profile: the k-th number that is not a multiple of ten.
  const withProfile = customers - Math.floor(customers / 10);
  const owner = (p: string) => `(((${p} - 1) % ${withProfile}) + ((${p} - 1) % ${withProfile}) / 9 + 1)`;
  await run(
    "projects",
    `insert into projects (id, user_id, project_code, project_name, status, package_type, user_limit, iterations_used,
                           max_iterations, expected_completion_date, prototype_url, budget_range, timeline,
                           advance_payment_link, advance_amount, advance_payment_currency, advance_payment_received_date,
                           balance_amount, balance_payment_currency, balance_payment_received_date,
                           deployment_date, customer_access_expiry_date, created_at)
     select ${projectId("p")}, ${userId(owner("p"))},
            'PRJ-' || (2021 + p % 6) || '-' || lpad((p / 6 + 1)::text, 5, '0'),
            ${pick(PRODUCT, "p")} || ' ' || p, s.status, k.package,
            case k.package when 'basic' then 5 when 'advanced' then 10 else 20 end, p % 4, 3,
            now() + (p % 60) * interval '1 day',
            case when s.status in ('testing', 'completed') then 'https://prototype' || p || '.example.com' end,
            '5k-10k', '4-6 weeks',
            case when s.status <> 'profile' then 'https://pay.example.com/adv/' || p end,
            case k.package when 'basic' then 500 when 'advanced' then 1000 else 2000 end,
            case when p % 5 = 0 then 'INR' else 'USD' end,
            case when s.status in ('development', 'testing', 'completed') then now() - (p % 400) * interval '1 day' end,
            case k.package when 'basic' then 500 when 'advanced' then 1000 else 2000 end, 'USD',
            case when s.status = 'completed' then now() - (p % 300) * interval '1 day' end,
            case when s.status = 'completed' then now() - (p % 200) * interval '1 day' end,
            case when s.status = 'completed' then now() - (p % 200) * interval '1 day' + interval '1 year' end,
            now() - (p % 1000) * interval '1 day' - (p % 1440) * interval '1 minute'
     from generate_series(1, ${projects}) p,
          lateral (select ${pick(STATUS, "p")} status) s,
          lateral (select ${pick(PACKAGE, "p / 3")} package) k
     on conflict do nothing`,
  );
  // New projects made by the app continue each year's sequence after the seeded codes.
  await db.execute(
    sql.raw(`insert into project_code_counters (year, last_value)
             select split_part(project_code, '-', 2)::int, max(split_part(project_code, '-', 3)::int)
             from projects where project_code like 'PRJ-%' group by 1
             on conflict (year) do update set last_value = greatest(project_code_counters.last_value, excluded.last_value)`),
  );
  await run(
    "requirements",
    `insert into requirements (project_id, project_name, tech_stack, problem_statement, target_users, current_solution,
                               core_functionality, ideal_workflow, success_criteria, requirements_status, generated_brief,
                               brief_generated_by, brief_confirmed, brief_status, approval_status)
     select ${projectId("p")}, ${pick(PRODUCT, "p")} || ' ' || p, 'A web app that works on phones',
            'Bookings are made by phone and e-mail and nobody sees the whole week at once.',
            'Dispatchers, drivers and the customers who book', 'Spreadsheets and a shared inbox',
            'book a slot online, see a calendar per site, sms reminders, check in with a qr code',
            'The customer books, the dispatcher confirms, the driver checks in at the gate',
            'Half the phone calls gone within three months', 'completed',
            case when p % 3 <> 0 then '# ' || ${pick(PRODUCT, "p")} || E'\\n\\n## Problem\\n\\nBookings are made by phone.\\n\\n## Features\\n\\n- Book a slot online\\n- Calendar per site\\n- SMS reminders' end,
            case when p % 3 <> 0 then 'builtin' end, p % 3 = 2,
            case when p % 3 <> 0 then 'generated' end, case when p % 3 = 2 then 'approved' else 'pending' end
     from generate_series(1, ${projects}) p
     join projects pr on pr.id = ${projectId("p")} and pr.status <> 'profile'
     on conflict do nothing`,
  );
  await run(
    "project_members",
    `insert into project_members (id, project_id, email, access_level, created_at)
     select md5('seed-member-' || p || '-' || m)::uuid, ${projectId("p")}, 'member' || m || '.p' || p || '@seed.example',
            (array['admin','user','view_only'])[m], now() - (p % 500) * interval '1 day'
     from generate_series(1, ${projects}) p, generate_series(1, 3) m
     where p % 4 = 0
     on conflict do nothing`,
  );
  await run(
    "feedback",
    `insert into feedback (id, project_id, author_id, feedback_type, status, issue_faced, change_description, admin_comment,
                           admin_updated_at, created_at)
     select md5('seed-feedback-' || p || '-' || f)::uuid, pr.id, pr.user_id,
            case when (p + f) % 2 = 0 then 'error' else 'enhancement' end,
            case when (p + f) % 3 = 0 then 'done' else 'pending' end,
            ${pick(ISSUE, "p + f")}, ${pick(CHANGE, "p + f")},
            case when (p + f) % 3 = 0 then 'Fixed in the latest build: please check again.' end,
            case when (p + f) % 3 = 0 then pr.created_at + interval '5 days' end,
            pr.created_at + f * interval '3 days'
     from generate_series(1, ${projects}) p join projects pr on pr.id = ${projectId("p")}, generate_series(1, 2) f
     where pr.status in ('testing', 'completed')
     on conflict do nothing`,
  );
  await run(
    "communications",
    `insert into communications (id, project_id, author_id, from_company, type, subject, content, meeting_url, scheduled_for, created_at)
     select md5('seed-communication-' || p || '-' || c)::uuid, pr.id, pr.user_id, c = 2,
            case when c = 3 then 'meeting' else 'message' end,
            case c when 1 then 'Question about the calendar view' when 2 then 'Re: the calendar view' else 'Walkthrough of the prototype' end,
            case c when 1 then 'Can the calendar start on Monday?' when 2 then 'Yes: it now starts on Monday.' else 'Let us walk through the build together.' end,
            case when c = 3 then 'https://meet.google.com/abc-defg-hij' end,
            case when c = 3 then pr.created_at + interval '10 days' end,
            pr.created_at + c * interval '1 day'
     from generate_series(1, ${projects}) p join projects pr on pr.id = ${projectId("p")}, generate_series(1, 3) c
     where p % 2 = 0
     on conflict do nothing`,
  );
  await run(
    "meeting_requests",
    `insert into meeting_requests (id, project_id, requested_by, subject, description, preferred_dates, urgency, status,
                                   scheduled_at, meeting_link, admin_notes, created_at, updated_at)
     select md5('seed-meeting-' || p)::uuid, pr.id, pr.user_id, 'Review of the prototype', 'Walk through the open feedback',
            'Tuesday or Wednesday afternoon', (array['low','medium','high'])[1 + p % 3],
            (array['pending','scheduled','completed','cancelled'])[1 + p % 4],
            case when p % 4 in (1, 2) then pr.created_at + interval '7 days' end,
            case when p % 4 in (1, 2) then 'https://meet.google.com/xyz-abcd-efg' end,
            case when p % 4 <> 0 then 'Booked for 30 minutes.' end, pr.created_at + interval '2 days', pr.created_at + interval '3 days'
     from generate_series(1, ${projects}) p join projects pr on pr.id = ${projectId("p")}
     where p % 3 = 0
     on conflict do nothing`,
  );
  await run(
    "activity_events",
    `insert into activity_events (id, user_id, project_id, type, title, description, notify, created_at)
     select md5('seed-activity-' || p || '-' || a)::uuid, pr.user_id, pr.id,
            (array['project_created','requirements_saved','status_changed'])[a],
            (array['Project created','Requirements saved','Status changed'])[a],
            pr.project_code, a = 3, pr.created_at + a * interval '1 hour'
     from generate_series(1, ${projects}) p join projects pr on pr.id = ${projectId("p")}, generate_series(1, 3) a
     on conflict do nothing`,
  );
  await db.execute(sql.raw("analyze"));
  return counts;
}
