/**
 * CATEGORIES ↔ labels: a todo's labels are its categories, by name (compared as label names are,
 * by their Unicode lower case). Read from every CATEGORIES property of the VTODO; written as one.
 */
import ICAL from 'ical.js';
import { MAX_LABELS_PER_TODO } from '../../shared/label-relation';
import { titleKey } from '../../shared/title-key';

const NAME_MAX = 100;

/** The distinct category names of a VTODO, in order, at most a todo's number of labels. */
export function categoriesOf(vtodo: ICAL.Component): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const property of vtodo.getAllProperties('categories'))
    for (const value of property.getValues()) {
      const name = Array.from(String(value).trim()).slice(0, NAME_MAX).join('');
      const key = titleKey(name);
      if (name === '' || seen.has(key)) continue;
      seen.add(key);
      names.push(name);
    }
  return names.slice(0, MAX_LABELS_PER_TODO);
}

/** Whether two lists name the same labels, whatever their order and case. */
export const sameCategories = (a: string[], b: string[]) =>
  a.length === b.length &&
  [...a].map(titleKey).sort().join('\n') === [...b].map(titleKey).sort().join('\n');

export function writeCategories(vtodo: ICAL.Component, names: string[]): void {
  vtodo.removeAllProperties('categories');
  if (names.length === 0) return;
  const property = new ICAL.Property('categories');
  property.setValues(names);
  vtodo.addProperty(property);
}
