// Inter-annotator agreement for the card: paper §2 has two experts label each comment and a third
// settle disagreements. Cohen's kappa over each doubly-annotated instance's first two labels.

export type LabelValueName = "trustworthy" | "untrustworthy" | "unsuitable";

export interface AnnotatedInstance {
  /** labels in the order they were given */
  labels: LabelValueName[];
  adjudicated: boolean;
}

export interface AnnotationAgreement {
  annotated: number;
  doublyAnnotated: number;
  agreed: number;
  /** share of doubly-annotated instances whose first two labels agree; null with none */
  observedAgreement: number | null;
  /** null when undefined (no pairs, or both annotators always used one same label) */
  cohensKappa: number | null;
  adjudicated: number;
}

const CATEGORIES: LabelValueName[] = ["trustworthy", "untrustworthy", "unsuitable"];

export function annotationAgreement(instances: readonly AnnotatedInstance[]): AnnotationAgreement {
  const pairs = instances.filter((i) => i.labels.length >= 2).map((i) => [i.labels[0], i.labels[1]] as const);
  const agreed = pairs.filter(([a, b]) => a === b).length;
  const n = pairs.length;
  let cohensKappa: number | null = null;
  if (n > 0) {
    const po = agreed / n;
    const pe = CATEGORIES.reduce((sum, c) => {
      const first = pairs.filter(([a]) => a === c).length / n;
      const second = pairs.filter(([, b]) => b === c).length / n;
      return sum + first * second;
    }, 0);
    cohensKappa = pe === 1 ? null : (po - pe) / (1 - pe);
  }
  return {
    annotated: instances.filter((i) => i.labels.length > 0).length,
    doublyAnnotated: n,
    agreed,
    observedAgreement: n === 0 ? null : agreed / n,
    cohensKappa,
    adjudicated: instances.filter((i) => i.adjudicated).length,
  };
}
