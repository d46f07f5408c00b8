// The agreement figures the dataset card publishes, taken from the same report the agreement page
// shows (agreement-report.ts: every annotator pair of an instance, pooled), so the card and
// /agreement can never print two different kappas for the same labels.
import type { AgreementReport } from "./agreement-report";
import type { AgreementStats } from "./cohen-kappa";

export interface AgreementSummary {
  /** human instances with at least one annotator label */
  annotated: number;
  /** instances labelled independently by two or more annotators */
  instancesWithPairs: number;
  /** the pooled pairs of the agreement page's "overall" */
  overall: AgreementStats;
  /** instances whose disagreement an adjudicator settled */
  adjudicated: number;
}

export function agreementSummary(report: AgreementReport, counts: { annotated: number; adjudicated: number }): AgreementSummary {
  return {
    annotated: counts.annotated,
    instancesWithPairs: report.instancesWithPairs,
    // the figures only: the row's disagreements name instances, which a published card must not
    overall: {
      n: report.overall.n,
      agreed: report.overall.agreed,
      rawAgreement: report.overall.rawAgreement,
      expectedAgreement: report.overall.expectedAgreement,
      kappa: report.overall.kappa,
      kappaStandardError: report.overall.kappaStandardError,
    },
    adjudicated: counts.adjudicated,
  };
}
