/**
 * PROPPATCH (RFC 4918 §9.2) on a project's calendar sets its displayname (the project's name) and
 * Apple's calendar-color (its colour). It is all or nothing: with any other property, or on the
 * Inbox, nothing changes and the answer says 403 for those and 424 for the rest.
 */
import * as v from 'valibot';
import { projectColorField, projectNameField } from '../../shared/project-schemas';
import type { AppContext } from '../context';
import { isDomainError } from '../domain-error';
import { updateProject } from '../projects';
import type { DavCollection } from './calendars';
import { DavError } from './errors';
import { multistatus } from './multistatus';
import { dav, element, escapeXml, NS, qkey, type QName, type XmlNode } from './xml';

interface Change {
  name: QName;
  value: string | undefined;
}

const NAME = qkey({ ns: NS.dav, name: 'displayname' });
const COLOR = qkey({ ns: NS.apple, name: 'calendar-color' });

function changesOf(body: XmlNode): Change[] {
  if (body.ns !== NS.dav || body.name !== 'propertyupdate')
    throw new DavError(400, 'The body must be a DAV:propertyupdate');
  return body.children.flatMap((action) =>
    action.children.flatMap((prop) =>
      prop.children.map((entry) => ({
        name: { ns: entry.ns, name: entry.name },
        value: action.name === 'set' ? entry.text.trim() : undefined,
      })),
    ),
  );
}

const propstat = (names: QName[], status: string) =>
  dav(
    'propstat',
    dav('prop', names.map((name) => element(name)).join('')) + dav('status', `HTTP/1.1 ${status}`),
  );

/** Applies the changes; the 207 body either way. */
export async function patchCalendar(
  context: AppContext,
  ownerId: number,
  collection: DavCollection,
  href: string,
  body: XmlNode,
): Promise<string> {
  const changes = changesOf(body);
  const name = changes.find((change) => qkey(change.name) === NAME)?.value;
  const color = changes
    .find((change) => qkey(change.name) === COLOR)
    ?.value?.slice(0, 7)
    .toLowerCase();
  const parsedName = name === undefined ? undefined : v.safeParse(projectNameField, name);
  const parsedColor = color === undefined ? undefined : v.safeParse(projectColorField, color);
  const refused = changes.filter((change) => {
    const key = qkey(change.name);
    if (collection.id === 0 || change.value === undefined) return true;
    if (key === NAME) return !parsedName?.success;
    if (key === COLOR) return !parsedColor?.success;
    return true;
  });
  const answer = (ok: QName[], failed: QName[], failedStatus: string, rest: QName[]) =>
    multistatus([
      dav(
        'response',
        dav('href', escapeXml(href)) +
          (ok.length ? propstat(ok, '200 OK') : '') +
          (failed.length ? propstat(failed, failedStatus) : '') +
          (rest.length ? propstat(rest, '424 Failed Dependency') : ''),
      ),
    ]);
  const names = changes.map((change) => change.name);
  if (refused.length > 0) {
    const bad = new Set(refused.map((change) => qkey(change.name)));
    return answer(
      [],
      refused.map((change) => change.name),
      '403 Forbidden',
      names.filter((n) => !bad.has(qkey(n))),
    );
  }
  if (changes.length === 0) return answer([], [], '', []);
  try {
    await updateProject(context.db, ownerId, collection.id, {
      ...(parsedName?.success && { name: parsedName.output }),
      ...(parsedColor?.success && { color: parsedColor.output }),
    });
  } catch (error) {
    if (isDomainError(error, 'project-name-taken')) return answer([], names, '409 Conflict', []);
    throw error;
  }
  return answer(names, [], '', []);
}
