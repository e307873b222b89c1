// A chart's text and grid lines in the theme's colours (Chart.defaults are the dark theme's): every scale's ticks,
// title and grid, the legend, and the chart's default text colour. Plain data, so it also crosses to the chart worker.
import type { ChartConfiguration } from './chart';

type Scale = { ticks?: object; grid?: object; title?: object };

export function themedChart(config: ChartConfiguration, text: string, grid: string): ChartConfiguration {
  if (!text || !grid) return config;
  const options = (config.options ?? {}) as Record<string, unknown> & { scales?: Record<string, Scale>; plugins?: { legend?: { labels?: object } } };
  const scales = Object.fromEntries(
    Object.entries(options.scales ?? {}).map(([id, s]) => [id, { ...s, ticks: { ...s.ticks, color: text }, grid: { ...s.grid, color: grid }, title: { ...s.title, color: text } }]),
  );
  const plugins = { ...options.plugins, legend: { ...options.plugins?.legend, labels: { ...options.plugins?.legend?.labels, color: text } } };
  return { ...config, options: { ...options, color: text, scales, plugins } } as ChartConfiguration;
}
