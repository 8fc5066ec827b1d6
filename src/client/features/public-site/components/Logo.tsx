export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className={`flex items-center gap-2 text-lg font-bold tracking-tight ${inverted ? "text-white" : "text-slate-900"}`}>
      <img src="/favicon.svg" alt="" width="32" height="32" className="size-8" />
      Blueprint
    </span>
  );
}
