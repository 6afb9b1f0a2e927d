import { flow } from '../scripts/flow-pages';

/** A page of the journey as the applicant at its step opens it. */
export interface JourneyPage {
  route: string;
  /** The step the applicant is at; none for a public route (a first visit, nobody signed in). */
  step?: string;
}

/**
 * Every page of the journey, in order, from flow-config/flow.json: the first route of each journey step (a step that
 * shares its route with the one before adds none), then the page an applicant sees once the journey is done (the
 * completed route, at the first step after the journey that shows it). A public route is opened as a first visit.
 */
export function journeyPages(): JourneyPage[] {
  const config = flow();
  const publicRoutes = new Set(config.publicRoutes);
  const pages: JourneyPage[] = [];
  const seen = new Set<string>();
  const add = (route: string, step: string) => {
    if (seen.has(route)) return;
    seen.add(route);
    pages.push(publicRoutes.has(route) ? { route } : { route, step });
  };
  const journey = config.steps.filter((step) => step.journey === true);
  for (const step of journey) {
    const [first] = step.routes;
    if (first) add(first, step.id);
  }
  const lastJourneyStep = config.steps.indexOf(journey[journey.length - 1]!);
  const after = config.steps.slice(lastJourneyStep + 1).find((step) => step.routes.includes(config.routes.completed));
  if (after) add(config.routes.completed, after.id);
  return pages;
}
