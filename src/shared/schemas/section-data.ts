/** Which section kinds carry structured `data`, and the one schema each is checked with. */
import { activityPlanDataSchema, type ActivityPlanData } from './activity-plan';
import { budgetDataSchema, type BudgetData } from './budget';
import { deliverablesDataSchema, type DeliverablesData } from './deliverables';
import type { SectionKind } from '../domain/grants';

export const sectionDataSchemas = {
  budget: budgetDataSchema,
  activity_plan: activityPlanDataSchema,
  deliverables: deliverablesDataSchema,
} as const;

export type StructuredKind = keyof typeof sectionDataSchemas;
export type SectionData = BudgetData | ActivityPlanData | DeliverablesData;

export function isStructuredKind(kind: SectionKind | string): kind is StructuredKind {
  return Object.hasOwn(sectionDataSchemas, kind);
}
