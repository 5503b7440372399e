/** Rules of a deliverables list, shared by the editor and the server. */
import type { DeliverablesData } from '../schemas/deliverables';
import type { DataProblem } from './budget';

export function deliverablesProblems(data: DeliverablesData): DataProblem[] {
  const problems: DataProblem[] = [];
  if (data.deliverables.length === 0) problems.push({ field: 'data', message: 'deliverables.problem.noDeliverables' });
  for (const row of data.deliverables) {
    const at = `data.deliverables.${row.id}`;
    if (row.title.trim() === '') problems.push({ field: `${at}.title`, message: 'applications.input.emptyListValue' });
    if (row.description.trim() === '') problems.push({ field: `${at}.description`, message: 'applications.input.emptyListValue' });
  }
  return problems;
}
