-- Change notices for the in-process read caches (src/server/cache): every write to a row a cache may hold, by any
-- server process or by hand, sends NOTIFY bp_changes '<tag>' at commit, and every process drops what it holds under
-- that tag. Tags: session:<id>, user:<id>, people (a name or role changed), owner:<user id> (a user's own projects),
-- member:<email> (projects shared with an address), project:<id> (a project and what hangs off it),
-- activity:<user id>|activity:company, company (anything the admin console's lists and counts read).

-- Row triggers name their tags as pairs of arguments: a tag prefix and the column holding its value. For an update,
-- the old and the new value are both announced (a row can move between owners or projects).
create or replace function bp_notify_change() returns trigger language plpgsql as $$
declare
  i int := 0;
begin
  while i + 1 < tg_nargs loop
    if tg_op <> 'INSERT' then
      perform pg_notify('bp_changes', tg_argv[i] || ':' || coalesce(to_jsonb(old) ->> tg_argv[i + 1], 'company'));
    end if;
    if tg_op <> 'DELETE' then
      perform pg_notify('bp_changes', tg_argv[i] || ':' || coalesce(to_jsonb(new) ->> tg_argv[i + 1], 'company'));
    end if;
    i := i + 2;
  end loop;
  return null;
end $$;
--> statement-breakpoint
create or replace function bp_notify_tag() returns trigger language plpgsql as $$
begin
  perform pg_notify('bp_changes', tg_argv[0]);
  return null;
end $$;
--> statement-breakpoint
-- A reply or a read marker belongs to a project through its thread.
create or replace function bp_notify_thread_change() returns trigger language plpgsql as $$
declare
  thread uuid := case when tg_op = 'DELETE' then old.communication_id else new.communication_id end;
  project uuid;
begin
  select project_id into project from communications where id = thread;
  if project is not null then
    perform pg_notify('bp_changes', 'project:' || project);
  end if;
  return null;
end $$;
--> statement-breakpoint
create trigger sessions_change_notice after update or delete on sessions
  for each row execute function bp_notify_change('session', 'id');
--> statement-breakpoint
create trigger users_change_notice after update or delete on users
  for each row execute function bp_notify_change('user', 'id');
--> statement-breakpoint
create trigger users_people_notice after update of email, name, first_name, last_name, role or delete on users
  for each statement execute function bp_notify_tag('people');
--> statement-breakpoint
create trigger profiles_change_notice after insert or update or delete on profiles
  for each row execute function bp_notify_change('user', 'user_id');
--> statement-breakpoint
create trigger projects_change_notice after insert or update or delete on projects
  for each row execute function bp_notify_change('project', 'id', 'owner', 'user_id');
--> statement-breakpoint
create trigger project_members_change_notice after insert or update or delete on project_members
  for each row execute function bp_notify_change('project', 'project_id', 'member', 'email');
--> statement-breakpoint
create trigger requirements_change_notice after insert or update or delete on requirements
  for each row execute function bp_notify_change('project', 'project_id');
--> statement-breakpoint
create trigger feedback_change_notice after insert or update or delete on feedback
  for each row execute function bp_notify_change('project', 'project_id');
--> statement-breakpoint
create trigger communications_change_notice after insert or update or delete on communications
  for each row execute function bp_notify_change('project', 'project_id');
--> statement-breakpoint
create trigger communication_replies_change_notice after insert or update or delete on communication_replies
  for each row execute function bp_notify_thread_change();
--> statement-breakpoint
create trigger communication_reads_change_notice after insert or update or delete on communication_reads
  for each row execute function bp_notify_thread_change();
--> statement-breakpoint
create trigger meeting_requests_change_notice after insert or update or delete on meeting_requests
  for each row execute function bp_notify_change('project', 'project_id');
--> statement-breakpoint
create trigger activity_events_change_notice after insert or update or delete on activity_events
  for each row execute function bp_notify_change('activity', 'user_id');
--> statement-breakpoint
create trigger projects_company_notice after insert or update or delete or truncate on projects
  for each statement execute function bp_notify_tag('company');
--> statement-breakpoint
create trigger profiles_company_notice after insert or update or delete or truncate on profiles
  for each statement execute function bp_notify_tag('company');
--> statement-breakpoint
create trigger users_company_notice after insert or update or delete or truncate on users
  for each statement execute function bp_notify_tag('company');
--> statement-breakpoint
create trigger project_members_company_notice after insert or update or delete or truncate on project_members
  for each statement execute function bp_notify_tag('company');
--> statement-breakpoint
create trigger requirements_company_notice after insert or update or delete or truncate on requirements
  for each statement execute function bp_notify_tag('company');
