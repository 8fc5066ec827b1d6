// What the benchmarks read about a measured process from /proc (Linux): memory, CPU time, open files.

import { readdir, readFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";

/** Resident memory (VmRSS) in MB. */
export async function rssMb(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Resident memory (VmRSS) in KB, for differences too small for whole MB. */
export async function rssKb(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

// Linux reports CPU time in clock ticks of 1/100 s (USER_HZ) on every common architecture.
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) the process has used so far, in milliseconds. */
export async function cpuMs(pid: number | undefined): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name, which is in parentheses and may contain spaces: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Open file descriptors of the process (sockets included). */
export async function openFileCount(pid: number | undefined): Promise<number> {
  return (await readdir(`/proc/${pid}/fd`)).length;
}

/** The process's open-files limit (soft), the one `ulimit -n` sets. */
export async function openFileLimit(pid: number | undefined): Promise<number> {
  const limits = await readFile(`/proc/${pid}/limits`, "utf8");
  return Number(/Max open files\s+(\d+)/.exec(limits)?.[1] ?? 0);
}

/** Established TCP connections whose local end is `port` on this host: a server's side of its clients' connections. */
export async function connectionsOnPort(port: number): Promise<number> {
  const ESTABLISHED = "01";
  let count = 0;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    const lines = (await readFile(table, "utf8").catch(() => "")).split("\n").slice(1);
    for (const line of lines) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state === ESTABLISHED && local && Number.parseInt(local.slice(local.lastIndexOf(":") + 1), 16) === port) count++;
    }
  }
  return count;
}

/** What a bench result was measured on. */
export function machineDescription() {
  return {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
}
