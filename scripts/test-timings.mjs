// A vitest reporter that writes where each test file's time goes, for comparing runs on a busy
// machine (wall time says little when other work shares the cores):
//   npx vitest run --project unit --reporter=default --reporter=./scripts/test-timings.mjs
// Writes TEST_TIMINGS (default /tmp/vitest-timings.json): per file its project, tests, and the
// milliseconds of environment set-up, setup files, import and collection, and tests; with totals
// per project. Prints the totals and the ten slowest files.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class TimingsReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
    this.started = Date.now();
  }

  onTestRunEnd(modules) {
    const files = modules.map((module) => {
      const d = module.diagnostic();
      const tests = [...module.children.allTests()];
      const total =
        d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
      return {
        file: relative(this.root, module.moduleId),
        project: module.project.name,
        tests: tests.length,
        failed: tests.filter((test) => test.result().state === 'failed').length,
        environment: Math.round(d.environmentSetupDuration),
        prepare: Math.round(d.prepareDuration),
        setup: Math.round(d.setupDuration),
        collect: Math.round(d.collectDuration),
        run: Math.round(d.duration),
        total: Math.round(total),
      };
    });
    files.sort((a, b) => b.total - a.total);
    const projects = {};
    for (const file of files) {
      const sum = (projects[file.project] ??= {
        files: 0,
        tests: 0,
        environment: 0,
        prepare: 0,
        setup: 0,
        collect: 0,
        run: 0,
        total: 0,
      });
      sum.files += 1;
      for (const key of ['tests', 'environment', 'prepare', 'setup', 'collect', 'run', 'total'])
        sum[key] += file[key];
    }
    const out = process.env.TEST_TIMINGS ?? '/tmp/vitest-timings.json';
    writeFileSync(
      out,
      `${JSON.stringify({ wallMs: Date.now() - this.started, projects, files }, null, 2)}\n`,
    );
    const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`\nTimings (${out}), summed over files, per project:`);
    for (const [name, sum] of Object.entries(projects))
      console.log(
        `  ${name}: ${sum.files} files, ${sum.tests} tests; environment ${seconds(sum.environment)}, setup ${seconds(sum.setup)}, import+collect ${seconds(sum.collect)}, tests ${seconds(sum.run)}; total ${seconds(sum.total)}`,
      );
    console.log('Slowest files:');
    for (const file of files.slice(0, 10)) console.log(`  ${seconds(file.total).padStart(8)}  ${file.file}`);
  }
}
