-- Issue 28 part 4: each feedback item carries its history. Items reported before this migration get the events their
-- row already records: "reported" (when, by whom, against which version) and, when the company had reviewed it,
-- "answered" (when, by whom, its reply and status at the time).
UPDATE "feedback" AS f SET "history" =
  jsonb_build_array(jsonb_build_object(
    'kind', 'reported',
    'at', to_char(f."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'actorName', (SELECT coalesce(u."name", u."email") FROM "users" u WHERE u."id" = f."author_id"),
    'byCompany', coalesce((SELECT u."role" = 'company' FROM "users" u WHERE u."id" = f."author_id"), false),
    'versionNumber', f."version_number",
    'round', f."round",
    'note', NULL,
    'status', 'pending'
  ))
  || CASE WHEN f."admin_updated_at" IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_build_object(
    'kind', 'answered',
    'at', to_char(f."admin_updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'actorName', (SELECT coalesce(u."name", u."email") FROM "users" u WHERE u."id" = f."admin_updated_by"),
    'byCompany', true,
    'versionNumber', NULL,
    'round', f."round",
    'note', f."admin_comment",
    'status', f."status"
  )) END
WHERE f."history" = '[]'::jsonb;
--> statement-breakpoint
-- Issue 28 part 5: a meeting request's service level is measured to its first answer. Requests answered before this
-- migration get their last change as that time (the closest the row records).
UPDATE "meeting_requests" SET "responded_at" = "updated_at" WHERE "status" <> 'pending' AND "responded_at" IS NULL;
