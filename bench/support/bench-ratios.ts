/**
 * What each idflow scenario is compared with, and the targets of issue 45: hello-Nest (the framework's floor) and
 * pipeline-Nest (a stock Nest app with idflow's own request pipeline, so that the ratio to it is idflow's own cost).
 * A POST is compared with the baselines' POST, a GET with their GET.
 */
export interface BaselineRatio {
  scenario: string;
  baseline: string;
  target?: number;
  /** The target on PostgreSQL + Redis (`--scaled`), where the issue sets one. */
  scaledTarget?: number;
}

const IDFLOW_SCENARIOS = [
  { scenario: 'health', method: 'GET', nest: 0.45, pipeline: 0.95 },
  { scenario: 'ping', method: 'POST', nest: 0.35, pipeline: 0.8, scaledPipeline: 0.65 },
  { scenario: 'identification same-device', method: 'POST', nest: 0.16, pipeline: 0.45, scaledPipeline: 0.35 },
  { scenario: 'identification different-device', method: 'POST' },
  { scenario: 'identification wildcard', method: 'POST' },
  { scenario: 'signing same-device', method: 'POST' },
] as const;

export const BASELINE_RATIOS: BaselineRatio[] = [
  { scenario: 'nest GET', baseline: 'node GET' },
  { scenario: 'nest POST', baseline: 'node POST' },
  { scenario: 'pipeline GET', baseline: 'nest GET' },
  { scenario: 'pipeline POST', baseline: 'nest POST' },
  ...IDFLOW_SCENARIOS.flatMap((idflow) => [
    {
      scenario: idflow.scenario,
      baseline: `nest ${idflow.method}`,
      target: 'nest' in idflow ? idflow.nest : undefined,
    },
    {
      scenario: idflow.scenario,
      baseline: `pipeline ${idflow.method}`,
      target: 'pipeline' in idflow ? idflow.pipeline : undefined,
      scaledTarget: 'scaledPipeline' in idflow ? idflow.scaledPipeline : undefined,
    },
  ]),
];
