// Case 1: CPU and wall time of one poll by our client vs one `amtool alert query -o json`
// against the same real server holding 10,000 alerts, measured interleaved in the same run.
//
// Not identical work, reported as such: our poller fetches /alerts/groups (bigger: every
// group with its alerts, validated into typed objects) while amtool fetches /alerts and
// prints JSON. amtool is a fresh process each time (that is how a script would poll with
// it) so its numbers include Go runtime start-up; our client is warm, as in the app.
// A second row measures our client on /alerts, the same endpoint amtool reads.
import { join } from 'node:path';
import { LineChild } from '../lib/line-child.ts';
import { ROOT, moduleExists, type BenchContext } from '../lib/context.ts';
import { notRun, type BenchResult } from '../lib/result.ts';
import { pythonAvailable, runWithRusage, type ChildUsage } from '../lib/rusage.ts';
import { median, round } from '../lib/stats.ts';

interface ProbeReply {
  kind?: string;
  wallMs: number;
  cpuMs: number;
  count: number;
  rssMb: number;
  error?: string;
}

const AMTOOL = process.env.AMTOOL_BIN || '/usr/bin/amtool';
const TARGET_RATIO = 0.3;

export async function runClientVsAmtool(ctx: BenchContext): Promise<BenchResult[]> {
  const names = {
    ratio: '1 client CPU / amtool CPU (groups vs alerts)',
    clientCpu: '1 client CPU per poll /alerts/groups 10k',
    clientWall: '1 client wall per poll /alerts/groups 10k',
    clientAlertsCpu: '1 client CPU per poll /alerts 10k',
    amtoolCpu: '1 amtool CPU per query 10k',
    amtoolWall: '1 amtool wall per query 10k',
  };
  if (!moduleExists('main/core/api/client.ts'))
    return [
      notRun(
        names.ratio,
        `<= ${TARGET_RATIO}`,
        'main/core/api/client.ts (engineer A) not in the tree yet',
      ),
    ];
  if (!(await pythonAvailable()))
    return [
      notRun(names.ratio, `<= ${TARGET_RATIO}`, 'python3 is needed to read the rusage of amtool'),
    ];

  const server = await ctx.fleet();
  const url = server.am.url;
  const probe = new LineChild(process.execPath, [
    '--import',
    'tsx',
    join(ROOT, 'test/bench/cases/client-probe.ts'),
    url,
  ]);
  const groups: ProbeReply[] = [];
  const alerts: ProbeReply[] = [];
  const amtool: ChildUsage[] = [];
  let cold: ProbeReply | undefined;
  try {
    await probe.next<{ ready: boolean }>();
    const ask = async (kind: string): Promise<ProbeReply> => {
      const reply = await probe.next<ProbeReply>(kind);
      if (reply.error) throw new Error(`client ${kind}: ${reply.error}`);
      if (reply.count !== server.fleet.alerts)
        throw new Error(
          `client ${kind} saw ${reply.count} alerts, expected ${server.fleet.alerts}`,
        );
      return reply;
    };
    // The first call pays module JIT and connection set-up: reported, not counted.
    cold = await ask('groups');
    await ask('alerts');
    const runs = Math.max(ctx.runs, 7);
    for (let i = 0; i < runs; i++) {
      groups.push(await ask('groups'));
      alerts.push(await ask('alerts'));
      const usage = await runWithRusage(AMTOOL, [
        'alert',
        'query',
        '-o',
        'json',
        `--alertmanager.url=${url}`,
      ]);
      if (usage.code !== 0) throw new Error(`amtool exited ${usage.code}: ${usage.stderr}`);
      if (usage.items !== server.fleet.alerts)
        throw new Error(`amtool printed ${usage.items} alerts, expected ${server.fleet.alerts}`);
      amtool.push(usage);
      ctx.log(
        `  run ${i + 1}/${runs}: client groups ${round(groups.at(-1)!.cpuMs)} ms CPU, amtool ${round(usage.userMs + usage.sysMs)} ms CPU`,
      );
    }
  } finally {
    await probe.close();
  }

  const clientCpu = median(groups.map((r) => r.cpuMs));
  const clientWall = median(groups.map((r) => r.wallMs));
  const clientAlertsCpu = median(alerts.map((r) => r.cpuMs));
  const clientAlertsWall = median(alerts.map((r) => r.wallMs));
  const amCpu = median(amtool.map((u) => u.userMs + u.sysMs));
  const amWall = median(amtool.map((u) => u.wallMs));
  const ratio = clientCpu / amCpu;
  const alertsRatio = clientAlertsCpu / amCpu;
  const runs = groups.length;
  const mb = round(server.groupsBytes / 2 ** 20, 1);
  const pass = ratio <= TARGET_RATIO;
  return [
    {
      name: names.ratio,
      median: round(ratio, 3),
      unit: 'ratio',
      target: `<= ${TARGET_RATIO}`,
      pass,
      runs,
      notes:
        `client ${round(clientCpu)} ms CPU on /alerts/groups (${mb} MB, ${server.groupCount} groups) vs amtool ` +
        `${round(amCpu)} ms CPU on /alerts (fresh process each time, includes Go start-up). Same endpoint: ` +
        `client /alerts ${round(clientAlertsCpu)} ms CPU = ${round(alertsRatio, 3)} x amtool.` +
        (pass
          ? ''
          : ' Target missed: see the per-row numbers; the server-side JSON size dominates the parse.'),
    },
    {
      name: names.clientCpu,
      median: round(clientCpu),
      unit: 'ms CPU',
      target: '',
      pass: null,
      runs,
      notes: `cold first call ${round(cold?.cpuMs ?? NaN)} ms CPU (JIT warm-up, not counted); client rss ${round(groups.at(-1)?.rssMb ?? NaN, 0)} MB`,
    },
    {
      name: names.clientWall,
      median: round(clientWall),
      unit: 'ms',
      target: '',
      pass: null,
      runs,
      notes: `includes the server building the ${mb} MB response; the client's CPU is ${round((clientCpu / clientWall) * 100, 0)}% of it`,
    },
    {
      name: names.clientAlertsCpu,
      median: round(clientAlertsCpu),
      unit: 'ms CPU',
      target: '',
      pass: null,
      runs,
      notes: `wall ${round(clientAlertsWall)} ms`,
    },
    {
      name: names.amtoolCpu,
      median: round(amCpu),
      unit: 'ms CPU',
      target: '',
      pass: null,
      runs,
      notes: `user+sys of the amtool process from getrusage(RUSAGE_CHILDREN); max rss ${round((amtool.at(-1)?.maxRssKb ?? NaN) / 1024, 0)} MB`,
    },
    {
      name: names.amtoolWall,
      median: round(amWall),
      unit: 'ms',
      target: '',
      pass: null,
      runs,
      notes: '',
    },
  ];
}
