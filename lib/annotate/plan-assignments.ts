// Who labels what: each instance gets `overlap` distinct annotators, always the least loaded
// ones, ties broken round-robin so pairs rotate (alice+bob, carol+alice, bob+carol, ...) and the
// agreement statistics see every pair.

export interface InstanceToAssign {
  id: string;
  /** annotators already assigned (kept; only the missing ones are added) */
  assignedTo: readonly string[];
}

export interface AnnotatorLoad {
  id: string;
  /** open assignments already held */
  load: number;
}

export interface AssignmentPlan {
  assignments: { instanceId: string; annotatorId: string }[];
  /** instances that got fewer annotators than the overlap, because there are too few annotators */
  shortfall: string[];
}

export function planAssignments(
  instances: readonly InstanceToAssign[],
  annotators: readonly AnnotatorLoad[],
  overlap: number,
): AssignmentPlan {
  const order = annotators.map((a) => a.id);
  const n = order.length;
  // current load per annotator, by position in `order`
  const load = annotators.map((a) => a.load);
  let cursor = 0;
  const assignments: AssignmentPlan["assignments"] = [];
  const shortfall: string[] = [];
  for (const instance of instances) {
    const taken = new Set(instance.assignedTo);
    const need = overlap - taken.size;
    if (need <= 0) continue;
    const candidates = order
      .map((id, index) => ({ id, index }))
      .filter((c) => !taken.has(c.id))
      .sort((a, b) => load[a.index] - load[b.index] || ((a.index - cursor + n) % n) - ((b.index - cursor + n) % n));
    const chosen = candidates.slice(0, need);
    for (const c of chosen) {
      assignments.push({ instanceId: instance.id, annotatorId: c.id });
      load[c.index] += 1;
    }
    const last = chosen.at(-1);
    if (last) cursor = (last.index + 1) % n;
    if (chosen.length < need) shortfall.push(instance.id);
  }
  return { assignments, shortfall };
}
