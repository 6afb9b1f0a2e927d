import { embeddedForms, isFormPage, mergePages, type ConfigBundle, type FormSpec, type ScreenPageConfig } from './config-types';
import { allRoutes } from './flow';
import userSchema from '../../schemas/user.schema.json';
import type { FormCatalog, JsonSchemaObject } from './form-catalog';
import { formDetailProblems, formNameProblems } from './form-check';
import type { TextTable } from './message-codes';
import { privacyConfigProblems } from './privacy';
import { rectificationConfigProblems, reviewConfigProblems } from './review';
import { stepDeclarationProblems } from './step-check';
import { saveBindingProblems } from './save-bindings';
import { previewAndAddressProblems } from './preview-check';

/** Every name config may use, passed in so this file stays pure (Node adds `check`, backed by ajv). */
export interface ConfigCatalog extends FormCatalog {
  screens: readonly string[];
  /** Screen name → JSON Schema of its `options`. */
  screenOptions: Readonly<Record<string, JsonSchemaObject>>;
}

/**
 * The meaning layer of the config check (the meta-schemas are the layer before it):
 * every name used must exist, so that a bad edit fails here instead of as a blank page.
 */
export function checkConfigMeaning(bundle: ConfigBundle, catalog: ConfigCatalog): string[] {
  const errors: string[] = [];
  const flowFile = 'flow-config/flow.json';
  const { flow } = bundle;
  const ids = new Set<string>();
  for (const step of flow.steps) {
    if (ids.has(step.id)) errors.push(`${flowFile}: step '${step.id}' is declared twice`);
    ids.add(step.id);
  }
  const needStep = (id: string, where: string) => {
    if (!ids.has(id)) errors.push(`${flowFile}: ${where} names unknown step '${id}'`);
  };
  needStep(flow.afterJourney, 'afterJourney');
  if (flow.steps.find((s) => s.id === flow.afterJourney)?.journey) {
    errors.push(`${flowFile}: afterJourney '${flow.afterJourney}' must not itself be a journey step`);
  }
  const journeySteps = flow.steps.filter((s) => s.journey);
  if (journeySteps.length === 0) errors.push(`${flowFile}: no step is marked "journey": true`);
  else if (!journeySteps[0]!.routes.includes(flow.routes.login)) {
    errors.push(`${flowFile}: the first journey step '${journeySteps[0]!.id}' must include the login route ${flow.routes.login}, because signing in creates the application`);
  }
  flow.continue.toCompleted.forEach((id) => needStep(id, 'continue.toCompleted'));
  for (const [key, list] of Object.entries(flow.guard)) list.forEach((id) => needStep(id, `guard.${key}`));
  const grouped = new Map<string, string>();
  for (const group of flow.progress.groups) {
    for (const id of group.steps) {
      needStep(id, `progress group '${group.label}'`);
      const other = grouped.get(id);
      if (other) errors.push(`${flowFile}: step '${id}' is in progress groups '${other}' and '${group.label}'`);
      grouped.set(id, group.label);
    }
  }
  for (const step of journeySteps) {
    if (!grouped.has(step.id)) errors.push(`${flowFile}: journey step '${step.id}' is in no progress group`);
  }
  for (const [name, stage] of Object.entries(flow.completedStages)) {
    stage.steps.forEach((id) => needStep(id, `completedStages.${name}`));
    if (stage.next && !Object.hasOwn(bundle.messages.links, stage.next.link)) {
      errors.push(`${flowFile}: completedStages.${name}.next.link names '${stage.next.link}', which flow-config/messages.json links does not have`);
    }
  }
  Object.keys(flow.panels.byStep).forEach((id) => needStep(id, 'panels.byStep'));

  const routes = new Set(allRoutes(flow));
  for (const route of flow.publicRoutes) {
    if (!routes.has(route)) errors.push(`${flowFile}: public route ${route} belongs to no step`);
  }
  for (const path of Object.keys(flow.panels.byPath)) {
    if (!routes.has(path)) errors.push(`${flowFile}: panels.byPath names unknown route ${path}`);
  }
  errors.push(...reviewConfigProblems(flow), ...rectificationConfigProblems(flow));
  errors.push(...privacyConfigProblems(bundle.privacy));
  errors.push(...stepDeclarationProblems(flow, catalog.schemas, Object.keys(userSchema.properties)));
  errors.push(...saveBindingProblems(flow, catalog.schemas, bundle.messages as TextTable));
  errors.push(...checkPages(bundle, routes, catalog));
  errors.push(...previewAndAddressProblems(bundle, catalog.schemas, Object.keys(userSchema.properties)));
  errors.push(...routesWithoutPage(bundle));
  return errors;
}

/** Every route flow.json declares, with the JSON path it is declared at: a step's, an extra one, a fixed one. */
function declaredRoutes(flow: ConfigBundle['flow']): { route: string; where: string }[] {
  return [
    ...flow.steps.flatMap((step, i) => step.routes.map((route, j) => ({ route, where: `/steps/${i}/routes/${j} ('${step.id}')` }))),
    ...flow.extraRoutes.map((route, i) => ({ route, where: `/extraRoutes/${i}` })),
    ...Object.entries(flow.routes).map(([name, route]) => ({ route, where: `/routes/${name}` })),
  ];
}

/** A route with no page would show the Resume screen, whose Continue leads back to it: the applicant would loop. */
function routesWithoutPage(bundle: ConfigBundle): string[] {
  const pages = mergePages(bundle);
  return declaredRoutes(bundle.flow)
    .filter(({ route }) => !Object.hasOwn(pages, route))
    .map(({ route, where }) => `flow-config/flow.json: ${where}: route ${route} has no page in flow-config/pages/*.json`);
}

function checkPages(bundle: ConfigBundle, routes: Set<string>, catalog: ConfigCatalog): string[] {
  const errors: string[] = [];
  const seen = new Map<string, string>();
  for (const [file, content] of Object.entries(bundle.pageFiles)) {
    for (const [path, page] of Object.entries(content.pages)) {
      const where = `${file}: page ${path}`;
      if (!routes.has(path)) errors.push(`${where} is not a route of any step in flow-config/flow.json`);
      const other = seen.get(path);
      if (other) errors.push(`${where} is also declared in ${other}`);
      seen.set(path, file);
      const problems = isFormPage(page)
        ? [...formNameProblems(page.form, catalog), ...formDetailProblems(page, catalog, routes)]
        : screenProblems(page, catalog, routes);
      errors.push(...problems.map((problem) => `${where}: ${problem}`));
    }
  }
  return errors;
}

/** A screen's options against its schema; each form it embeds (`options.form`, `options.<name>Form`) is checked like a form page's. */
function screenProblems(page: ScreenPageConfig, catalog: ConfigCatalog, routes: ReadonlySet<string>): string[] {
  if (!catalog.screens.includes(page.screen)) return [`no screen '${page.screen}' (known: ${catalog.screens.join(', ')})`];
  const options = page.options ?? {};
  const shape = catalog.check?.(catalog.screenOptions[page.screen] ?? {}, options) ?? [];
  if (shape.length > 0) return shape.map((problem) => `options of screen '${page.screen}': ${problem}`);
  const forms = embeddedForms(options);
  const fieldsOf = (form: Partial<FormSpec>): string[] => {
    const properties = form.schema && Object.hasOwn(catalog.schemas, form.schema) ? catalog.schemas[form.schema]?.properties : undefined;
    return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
  };
  return forms.flatMap(({ key, form: written }) => {
    const form = written as FormSpec;
    // One copy serves every form of the page: a field's texts may belong to another of its forms.
    const own = fieldsOf(form);
    const others = forms.filter((other) => other.key !== key).flatMap(({ form: other }) => fieldsOf(other));
    const field = (copyKey: string) => (copyKey.includes('.') ? copyKey.slice(0, copyKey.indexOf('.')) : undefined);
    const copy = Object.fromEntries(
      Object.entries(page.copy).filter(([copyKey]) => {
        const name = field(copyKey);
        return !name || own.includes(name) || !others.includes(name);
      }),
    );
    const embedded = { form, copy };
    return [...formNameProblems(form, catalog, `/options/${key}`), ...formDetailProblems(embedded, catalog, routes, `/options/${key}`)].map(
      (problem) => `options.${key} of screen '${page.screen}': ${problem}`,
    );
  });
}
