// The charts strip: projects by status (funnel), new projects per month, revenue received per month by currency.
// Chart.js is registered piece by piece (bar and line only) and lives in this lazily loaded chunk alone.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";
import { useEffect, useRef } from "react";
import { PROJECT_STATUS_LABELS } from "../../../../shared/domain/project-status";
import { Card, CardContent } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatMonth } from "../../../lib/date-time";
import { useChartData } from "../api/get-chart-data";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend);

const BRAND = "#4f46e5";

const compactNumber = new Intl.NumberFormat("en-US", { notation: "compact" });
const compact = (value: string | number) => compactNumber.format(Number(value));

function ChartCanvas({ config, label }: { config: ChartConfiguration; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="relative h-44">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

export function ChartsStrip() {
  const charts = useChartData();
  if (charts.isLoading) return <Skeleton className="h-56 w-full rounded-2xl" />;
  if (!charts.data) return null;
  const { byStatus, newPerMonth, revenuePerMonth } = charts.data;
  const common = { responsive: true, maintainAspectRatio: false, animation: false } as const;
  const noRevenue = revenuePerMonth.every((m) => m.USD === 0 && m.INR === 0);
  const panels: Array<{ title: string; summary: string; config: ChartConfiguration; empty?: string }> = [
    {
      title: "Projects by status",
      summary: byStatus.map((s) => `${PROJECT_STATUS_LABELS[s.status]}: ${s.count}`).join(", "),
      config: {
        type: "bar",
        data: {
          labels: byStatus.map((s) => `${s.status[0]?.toUpperCase()}${s.status.slice(1)}`),
          datasets: [
            {
              data: byStatus.map((s) => s.count),
              backgroundColor: ["#cbd5e1", "#94a3b8", BRAND, "#f59e0b", "#10b981"],
              borderRadius: 4,
            },
          ],
        },
        options: {
          ...common,
          indexAxis: "y",
          plugins: { legend: { display: false } },
          scales: { x: { beginAtZero: true, ticks: { precision: 0 } } },
        },
      },
    },
    {
      title: "New projects per month",
      summary: newPerMonth.map((m) => `${m.month}: ${m.count}`).join(", "),
      config: {
        type: "bar",
        data: {
          labels: newPerMonth.map((m) => formatMonth(m.month)),
          datasets: [{ data: newPerMonth.map((m) => m.count), backgroundColor: BRAND, borderRadius: 4 }],
        },
        options: {
          ...common,
          plugins: { legend: { display: false } },
          scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
        },
      },
    },
    {
      title: "Revenue received per month",
      empty: noRevenue ? "No payments received in the last 12 months." : undefined,
      summary: revenuePerMonth.map((m) => `${m.month}: USD ${m.USD}, INR ${m.INR}`).join("; "),
      config: {
        type: "line",
        data: {
          labels: revenuePerMonth.map((m) => formatMonth(m.month)),
          datasets: [
            {
              label: "USD",
              data: revenuePerMonth.map((m) => m.USD),
              borderColor: BRAND,
              backgroundColor: BRAND,
              yAxisID: "y",
              tension: 0.3,
            },
            {
              label: "INR",
              data: revenuePerMonth.map((m) => m.INR),
              borderColor: "#f59e0b",
              backgroundColor: "#f59e0b",
              yAxisID: "y1",
              tension: 0.3,
            },
          ],
        },
        options: {
          ...common,
          plugins: { legend: { position: "bottom", labels: { boxWidth: 10 } } },
          scales: {
            y: { beginAtZero: true, position: "left", ticks: { callback: compact } },
            y1: { beginAtZero: true, position: "right", grid: { drawOnChartArea: false }, ticks: { callback: compact } },
          },
        },
      },
    },
  ];
  return (
    <section aria-label="Charts" className="grid grid-cols-1 gap-3 lg:grid-cols-3">
      {panels.map((panel) => (
        <Card key={panel.title}>
          <CardContent className="p-4">
            <h2 className="mb-2 text-sm font-semibold text-slate-700">{panel.title}</h2>
            {panel.empty ? (
              <p className="flex h-44 items-center justify-center rounded-lg bg-slate-50 px-4 text-center text-sm text-slate-500">
                {panel.empty}
              </p>
            ) : (
              <ChartCanvas config={panel.config} label={`${panel.title}: ${panel.summary}`} />
            )}
          </CardContent>
        </Card>
      ))}
    </section>
  );
}
