/** One stage line of a build's output, `✓ compile 36 MDX files 1406 ms`. */
export interface StageTime {
  stage: string;
  ms: number;
}

/** The stage lines of a build's output (NO_COLOR), in order. The write stage's folder is left out of its name. */
export function parseStageTimes(stdout: string): StageTime[] {
  const stages: StageTime[] = [];
  for (const line of stdout.split('\n')) {
    const m = /^✓ (.+) (\d+) ms$/.exec(line.trim());
    if (m) stages.push({ stage: (m[1] as string).replace(/^write .*/, 'write'), ms: Number(m[2]) });
  }
  return stages;
}

/** Each stage's median over several builds of one site (stages in the order of the first build). */
export function medianStageTimes(runs: readonly StageTime[][]): StageTime[] {
  const names = runs[0]?.map((s) => s.stage) ?? [];
  return names.map((stage) => {
    const times = runs
      .map((r) => r.find((s) => s.stage === stage)?.ms)
      .filter((ms): ms is number => ms !== undefined)
      .sort((a, b) => a - b);
    return { stage, ms: times[Math.floor(times.length / 2)] ?? 0 };
  });
}

/** The cold and warm stage times side by side, as `npm run bench` prints them (issue 17 item 5). */
export function formatStageTimes(title: string, cold: readonly StageTime[], warm: readonly StageTime[]): string[] {
  const names = [...new Set([...cold.map((s) => s.stage), ...warm.map((s) => s.stage)])];
  const width = Math.max(5, ...names.map((n) => n.length));
  const ms = (list: readonly StageTime[], name: string) => {
    const t = list.find((s) => s.stage === name);
    return (t ? `${t.ms} ms` : '-').padStart(8);
  };
  return [
    title,
    `  ${'stage'.padEnd(width)}      cold      warm`,
    ...names.map((n) => `  ${n.padEnd(width)}  ${ms(cold, n)}  ${ms(warm, n)}`),
  ];
}
