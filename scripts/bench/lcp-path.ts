/**
 * The chain of requests and tasks Lighthouse's simulation (Lantern) put before a page's LCP, as
 * it simulated them on its slow 4G and slowed CPU: what to shorten when the LCP is over budget.
 * `LIGHTHOUSE_REPORT_DIR=… LIGHTHOUSE_LCP_PATH=1 npm run bench` writes one `<page>-<run>.lcp-path.txt`
 * beside each report. Read from Lighthouse's own module (its simulator keeps the last timings of
 * each simulation it ran); not a published API, so only behind this variable.
 */
import { writeFileSync } from 'node:fs';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

interface SimulatedNode {
  id: string;
  type: 'network' | 'cpu';
  startTime: number;
  endTime: number;
  request?: { url: string };
  childEvents?: { name: string; args?: { data?: { url?: string } } }[];
  getDependencies(): SimulatedNode[];
}

/** Writes the pessimistic LCP simulation's critical path (the last node, back along its latest dependency). */
export function writeLcpPath(file: string): void {
  const simulations = (
    Lantern.Simulation.Simulator as unknown as {
      allNodeTimings: Map<string, Map<SimulatedNode, { startTime: number; endTime: number }>>;
    }
  ).allNodeTimings;
  const timings = simulations.get('pessimisticLargestContentfulPaint');
  if (!timings) return;
  const at = (node: SimulatedNode) => timings.get(node);
  let last: SimulatedNode | undefined;
  for (const node of timings.keys())
    if (!last || (at(node)?.endTime ?? 0) > (at(last)?.endTime ?? 0)) last = node;
  const path: SimulatedNode[] = [];
  for (let node = last; node; ) {
    path.unshift(node);
    node = node
      .getDependencies()
      .filter((each) => at(each))
      .sort((a, b) => (at(b)?.endTime ?? 0) - (at(a)?.endTime ?? 0))[0];
  }
  const origin = /^https?:\/\/[^/]+/;
  const lines = path.map((node) => {
    const what =
      node.type === 'network'
        ? (node.request?.url ?? '').replace(origin, '')
        : `task: ${(node.childEvents ?? [])
            .filter((event) => event.args?.data?.url)
            .slice(0, 2)
            .map((event) => `${event.name} ${event.args?.data?.url?.replace(origin, '')}`)
            .join(', ')}`;
    const time = at(node);
    return `${String(Math.round(time?.startTime ?? 0)).padStart(6)} → ${String(Math.round(time?.endTime ?? 0)).padStart(6)} ms  ${node.type.padEnd(7)} ${what}`;
  });
  writeFileSync(file, `${lines.join('\n')}\n`);
  simulations.clear();
}
