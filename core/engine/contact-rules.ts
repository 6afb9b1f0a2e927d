import type { PageConfig, PagesFile } from './config-types';

/**
 * Pure: the config check of the exchanges' one-mobile-and-one-email-per-client rule: the family relations a shared
 * contact may be declared under (a page's options' `familyRelations`) are written once each.
 */
export function familyRelationProblems(pageFiles: Record<string, PagesFile>): string[] {
  const problems: string[] = [];
  for (const [label, file] of Object.entries(pageFiles)) {
    for (const [route, page] of Object.entries(file.pages) as [string, PageConfig][]) {
      const list = 'options' in page ? page.options?.familyRelations : undefined;
      if (!Array.isArray(list)) continue;
      const seen = new Set<string>();
      list.forEach((item: { relation?: unknown }, index) => {
        const relation = String(item.relation);
        if (seen.has(relation)) problems.push(`${label}: page ${route}: /options/familyRelations/${index}: relation '${relation}' is listed twice`);
        seen.add(relation);
      });
    }
  }
  return problems;
}
