CREATE TABLE "owner_open_projects" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_counts" (
	"status" text NOT NULL,
	"package_type" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_counts_status_package_type_pk" PRIMARY KEY("status","package_type")
);
--> statement-breakpoint
DROP INDEX "projects_created_idx";--> statement-breakpoint
DROP INDEX "projects_status_created_idx";--> statement-breakpoint
DROP INDEX "projects_package_created_idx";--> statement-breakpoint
ALTER TABLE "owner_open_projects" ADD CONSTRAINT "owner_open_projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_incomplete_idx" ON "profiles" USING btree ("user_id") WHERE not "profiles"."profile_completed";--> statement-breakpoint
CREATE INDEX "projects_created_id_idx" ON "projects" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "projects_status_created_id_idx" ON "projects" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_package_created_id_idx" ON "projects" USING btree ("package_type","created_at","id");--> statement-breakpoint
-- Counts kept at each write, so the admin console's totals read a few rows instead of counting every project:
-- project_counts by status and package, owner_open_projects by owner (projects not completed).
create or replace function bp_count_projects() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update project_counts set n = n - 1 where status = old.status and package_type = old.package_type;
    if old.status <> 'completed' then
      update owner_open_projects set n = n - 1 where user_id = old.user_id;
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into project_counts (status, package_type, n) values (new.status, new.package_type, 1)
      on conflict (status, package_type) do update set n = project_counts.n + 1;
    if new.status <> 'completed' then
      insert into owner_open_projects (user_id, n) values (new.user_id, 1)
        on conflict (user_id) do update set n = owner_open_projects.n + 1;
    end if;
  end if;
  return null;
end $$;
--> statement-breakpoint
create or replace function bp_clear_project_counts() returns trigger language plpgsql as $$
begin
  delete from project_counts;
  delete from owner_open_projects;
  return null;
end $$;
--> statement-breakpoint
create trigger projects_count_insert_delete after insert or delete on projects
  for each row execute function bp_count_projects();
--> statement-breakpoint
create trigger projects_count_update after update of status, package_type, user_id on projects
  for each row when (old.status is distinct from new.status or old.package_type is distinct from new.package_type
    or old.user_id is distinct from new.user_id)
  execute function bp_count_projects();
--> statement-breakpoint
create trigger projects_count_truncate after truncate on projects
  for each statement execute function bp_clear_project_counts();
--> statement-breakpoint
insert into project_counts (status, package_type, n)
  select status, package_type, count(*)::int from projects group by status, package_type;
--> statement-breakpoint
insert into owner_open_projects (user_id, n)
  select user_id, count(*)::int from projects where status <> 'completed' group by user_id;
