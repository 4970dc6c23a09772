/**
 * A Vitest reporter beside the default one in `npm test`: when the run ends it prints the ten test
 * files that took longest (each file's own duration, setup included), so every run shows where
 * the suite's time goes. It judges nothing.
 */
const SHOWN = 10;

export default class SlowestFiles {
  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  onTestRunEnd(testModules) {
    const rows = testModules
      .map((m) => ({
        file: `${m.project.name}: ${m.relativeModuleId}`,
        ms: m.diagnostic().duration,
      }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN);
    if (rows.length === 0) return;
    const total = testModules.reduce((sum, m) => sum + m.diagnostic().duration, 0);
    console.log(
      `\nThe ${rows.length} slowest test files (of ${testModules.length}, ${(total / 1000).toFixed(0)} s in all):`,
    );
    for (const { file, ms } of rows)
      console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
  }
}
