import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A screen loaded when it is first shown: `lazyScreen(() => import('./contacts/ContactForm'), 'NewContactPage')`.
 * An area's routes load their form screens so, which keeps formik and the validation kit (libphonenumber's
 * metadata among it) off the list screens; the area's loading state covers the wait.
 */
export function lazyScreen<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<Module[Name] extends ComponentType<infer Props> ? ComponentType<Props> : never> {
  return lazy(() => load().then((module) => ({ default: module[name] as never })));
}
