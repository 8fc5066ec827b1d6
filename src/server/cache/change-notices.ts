// The change triggers of the one table → tag map (shared/change-notices.ts): what each announces on NOTIFY bp_changes
// at commit, whoever wrote the row. A change to the map becomes a new migration holding the triggers that differ from
// what the migrations so far install (scripts/generate-change-notices.ts; a test fails until it is written); the
// server's read caches drop entries by these tags.
import { sql } from "drizzle-orm";
import { changeNotices, type NoticeTable, type RowColumn, type TableNotice } from "../../shared/change-notices";
import { ROW_TAG_SEPARATOR, rowTag, tableTag } from "../../shared/live-tags";
import type { Database } from "../db/client";

export { changeNotices, type NoticeTable, type RowColumn };

export const CHANGE_CHANNEL = "bp_changes";

/** The tag a change to rows of `table` whose `column` is `value` announces. */
export function rowChange<T extends NoticeTable>(table: T, column: RowColumn<T>, value: string): string {
  return rowTag(table, column, column === "email" ? value.toLowerCase() : value);
}

/** The tag any change to `table` announces. */
export function tableChange(table: NoticeTable): string {
  return tableTag(table);
}

/** The trigger functions: `body` is what PostgreSQL keeps as the function's source (pg_proc.prosrc). */
const NOTICE_FUNCTIONS: Array<{ name: string; comment?: string; body: string }> = [
  {
    name: "bp_notify_rows",
    body: `
declare
  i int := 0;
begin
  while i < tg_nargs loop
    if tg_op <> 'INSERT' then
      perform pg_notify('${CHANGE_CHANNEL}', tg_table_name || '.' || tg_argv[i] || '${ROW_TAG_SEPARATOR}' || coalesce(to_jsonb(old) ->> tg_argv[i], 'null'));
    end if;
    if tg_op <> 'DELETE' then
      perform pg_notify('${CHANGE_CHANNEL}', tg_table_name || '.' || tg_argv[i] || '${ROW_TAG_SEPARATOR}' || coalesce(to_jsonb(new) ->> tg_argv[i], 'null'));
    end if;
    i := i + 1;
  end loop;
  return null;
end `,
  },
  {
    name: "bp_notify_rows_through",
    comment: `-- A row whose announced columns live on its parent (a reply's project is its thread's): argv = the parent key
-- column, the parent table, then the parent's announced columns.`,
    body: `
declare
  parent_id text := case when tg_op = 'DELETE' then to_jsonb(old) ->> tg_argv[0] else to_jsonb(new) ->> tg_argv[0] end;
  parent jsonb;
  i int := 2;
begin
  execute format('select to_jsonb(p) from %I p where id::text = $1', tg_argv[1]) into parent using parent_id;
  if parent is null then
    return null;
  end if;
  while i < tg_nargs loop
    perform pg_notify('${CHANGE_CHANNEL}', tg_table_name || '.' || tg_argv[i] || '${ROW_TAG_SEPARATOR}' || coalesce(parent ->> tg_argv[i], 'null'));
    i := i + 1;
  end loop;
  return null;
end `,
  },
  {
    name: "bp_notify_table",
    body: `
begin
  perform pg_notify('${CHANGE_CHANNEL}', tg_table_name);
  return null;
end `,
  },
];

const TRIGGER_EVENTS = ["insert", "update", "delete", "truncate"] as const;
type TriggerEvent = (typeof TRIGGER_EVENTS)[number];

/** A change-notice trigger, as the map asks for it or as the database has it (pg_trigger). */
export type NoticeTrigger = {
  name: string;
  table: string;
  function: string;
  args: string[];
  level: "row" | "statement";
  timing: "after" | "before" | "instead of";
  /** In TRIGGER_EVENTS' order. */
  events: TriggerEvent[];
  /** An update fires it only when one of these columns is set (sorted; none: any update). */
  updateOf: string[];
};

/** The change-notice triggers and trigger functions a database has. */
export type InstalledNotices = { triggers: NoticeTrigger[]; functions: Record<string, string> };

/** The two triggers each table of `map` needs: per row, its announced columns; per statement, the table's name. */
export function noticeTriggers(map: Record<string, TableNotice> = changeNotices): NoticeTrigger[] {
  return Object.entries(map).flatMap(([table, notice]): NoticeTrigger[] => {
    const columns = Object.keys(notice.rows);
    return [
      {
        name: `${table}_row_notice`,
        table,
        function: notice.through ? "bp_notify_rows_through" : "bp_notify_rows",
        args: notice.through ? [notice.through.column, notice.through.table, ...columns] : columns,
        level: "row",
        timing: "after",
        events: ["insert", "update", "delete"],
        updateOf: [],
      },
      {
        name: `${table}_table_notice`,
        table,
        function: "bp_notify_table",
        args: [],
        level: "statement",
        timing: "after",
        events: [...TRIGGER_EVENTS],
        updateOf: [...(notice.wideOn ?? [])].sort(),
      },
    ];
  });
}

// pg_trigger.tgtype's bits (PostgreSQL's include/catalog/pg_trigger.h).
const TRIGGER_TYPE = { row: 1, before: 2, insert: 4, delete: 8, update: 16, truncate: 32, instead: 64 } as const;

type TriggerRow = { name: string; table_name: string; function: string; type: number; args: string; update_of: string | null };

/** The change-notice triggers (those calling one of NOTICE_FUNCTIONS) and those functions in the database's schema. */
export async function installedChangeNotices(db: Database): Promise<InstalledNotices> {
  const names = sql.join(
    NOTICE_FUNCTIONS.map(({ name }) => sql`${name}`),
    sql`, `,
  );
  const triggers = await db.execute(sql`
    select t.tgname::text as name, c.relname::text as table_name, p.proname::text as function, t.tgtype::int as type,
      encode(t.tgargs, 'hex') as args,
      (select string_agg(a.attname::text, ',' order by a.attname) from pg_attribute a
        where a.attrelid = t.tgrelid and a.attnum = any(t.tgattr)) as update_of
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace and p.proname in (${names})
    order by c.relname, t.tgname`);
  const functions = await db.execute(sql`
    select proname::text as name, prosrc as body from pg_proc
    where pronamespace = current_schema()::regnamespace and proname in (${names})`);
  return {
    triggers: rowsOf<TriggerRow>(triggers).map(toNoticeTrigger),
    functions: Object.fromEntries(rowsOf<{ name: string; body: string }>(functions).map((row) => [row.name, row.body])),
  };
}

/** node-postgres and PGlite both answer `{ rows }`; the shared Database type does not say so. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

function toNoticeTrigger(row: TriggerRow): NoticeTrigger {
  const has = (bit: number) => (row.type & bit) !== 0;
  // tgargs: each argument's bytes followed by a zero byte.
  const args = Buffer.from(row.args, "hex").toString("utf8");
  return {
    name: row.name,
    table: row.table_name,
    function: row.function,
    args: args === "" ? [] : args.slice(0, -1).split("\0"),
    level: has(TRIGGER_TYPE.row) ? "row" : "statement",
    timing: has(TRIGGER_TYPE.instead) ? "instead of" : has(TRIGGER_TYPE.before) ? "before" : "after",
    events: TRIGGER_EVENTS.filter((event) => has(TRIGGER_TYPE[event])),
    updateOf: row.update_of ? row.update_of.split(",") : [],
  };
}

const quoteLiteral = (value: string) => `'${value.replaceAll("'", "''")}'`;
const triggerKey = (trigger: NoticeTrigger) => `${trigger.table}.${trigger.name}`;
const sameTrigger = (a: NoticeTrigger, b: NoticeTrigger) => JSON.stringify(a) === JSON.stringify(b);

function createFunction({ name, comment, body }: (typeof NOTICE_FUNCTIONS)[number]): string {
  const create = `create or replace function ${name}() returns trigger language plpgsql as $$${body}$$;`;
  return comment ? `${comment}\n${create}` : create;
}

function createTrigger(trigger: NoticeTrigger): string {
  const events = trigger.events
    .map((event) => (event === "update" && trigger.updateOf.length > 0 ? `update of ${trigger.updateOf.join(", ")}` : event))
    .join(" or ");
  return `create trigger ${trigger.name} ${trigger.timing} ${events} on ${trigger.table}
  for each ${trigger.level} execute function ${trigger.function}(${trigger.args.map(quoteLiteral).join(", ")});`;
}

const dropTrigger = (trigger: NoticeTrigger) => `drop trigger if exists ${trigger.name} on ${trigger.table};`;

/**
 * The statements that bring a database's change notices to `map`: the trigger functions whose source differs, the
 * triggers of tables no longer in the map dropped, and each trigger that is missing or differs (re)created. None when
 * the database already has what the map asks.
 */
export function changeNoticeStatements(installed: InstalledNotices, map: Record<string, TableNotice> = changeNotices): string[] {
  const wanted = noticeTriggers(map);
  const wantedKeys = new Set(wanted.map(triggerKey));
  const have = new Map(installed.triggers.map((trigger) => [triggerKey(trigger), trigger]));
  return [
    ...NOTICE_FUNCTIONS.filter(({ name, body }) => installed.functions[name] !== body).map(createFunction),
    ...installed.triggers.filter((trigger) => !wantedKeys.has(triggerKey(trigger))).map(dropTrigger),
    ...wanted.flatMap((trigger) => {
      const current = have.get(triggerKey(trigger));
      if (!current) return [createTrigger(trigger)];
      return sameTrigger(current, trigger) ? [] : [dropTrigger(current), createTrigger(trigger)];
    }),
  ];
}

/** A migration file of `statements` (from changeNoticeStatements), as drizzle's migrator splits it. */
export function changeNoticesMigration(statements: string[]): string {
  const header = [
    "-- Generated by scripts/generate-change-notices.ts from src/shared/change-notices.ts: do not edit by hand. It holds",
    "-- the change-notice triggers that differ from what the migrations before it installed.",
    `-- Every change to a listed table sends NOTIFY ${CHANGE_CHANNEL} at commit: the table's name, and per row`,
    `-- "<table>.<column>${ROW_TAG_SEPARATOR}<value>" for each announced column (old and new value on an update).`,
  ].join("\n");
  return `${header}\n${statements.join("\n--> statement-breakpoint\n")}\n`;
}
