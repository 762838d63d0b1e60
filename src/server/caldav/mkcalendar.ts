/**
 * MKCALENDAR (RFC 4791 §5.3.1) makes a project, its calendar at the path segment the client chose
 * (caldav_collections), named by the body's displayname (else the segment) and coloured by its
 * calendar-color. A calendar that may not hold VTODOs is refused: Ticklist keeps todos only.
 */
import * as v from 'valibot';
import {
  DEFAULT_PROJECT_COLOR,
  projectColorField,
  projectNameField,
} from '../../shared/project-schemas';
import { ownerTransaction } from '../db/transactions';
import { isDomainError } from '../domain-error';
import { createProject } from '../projects';
import type { AppContext } from '../context';
import type { UserRow } from '../db/types';
import { collectionAt } from './calendars';
import { DavError } from './errors';
import { projectOfSegment, type DavPath } from './paths';
import { cal, childrenNamed, dav, NS, parseXml, type XmlNode } from './xml';

interface Wanted {
  name?: string;
  color?: string;
  components?: string[];
}

function wantedOf(body: XmlNode | undefined): Wanted {
  if (!body) return {};
  if (body.ns !== NS.caldav || body.name !== 'mkcalendar')
    throw new DavError(400, 'The body must be a CALDAV:mkcalendar');
  const props = childrenNamed(body, NS.dav, 'set').flatMap((set) =>
    childrenNamed(set, NS.dav, 'prop').flatMap((prop) => prop.children),
  );
  const find = (ns: string, name: string) =>
    props.find((prop) => prop.ns === ns && prop.name === name);
  const components = find(NS.caldav, 'supported-calendar-component-set');
  return {
    name: find(NS.dav, 'displayname')?.text.trim() || undefined,
    color: find(NS.apple, 'calendar-color')?.text.trim().slice(0, 7) || undefined,
    components: components?.children.map((comp) => (comp.attrs.name ?? '').toUpperCase()),
  };
}

export async function makeCalendar(
  context: AppContext,
  user: UserRow,
  path: DavPath,
  text: string | undefined,
): Promise<void> {
  if (path.kind !== 'collection')
    throw new DavError(
      403,
      'Calendars are made in the calendar home',
      dav('resource-must-be-null'),
    );
  const { db } = context;
  const taken =
    path.segment === 'inbox' ||
    projectOfSegment(path.segment) !== undefined ||
    (await collectionAt(db, user.id, path.segment)) !== undefined;
  if (taken) throw new DavError(403, 'Something is there already', dav('resource-must-be-null'));
  const wanted = wantedOf(text && text.trim() !== '' ? parseXml(text) : undefined);
  if (wanted.components && !wanted.components.includes('VTODO'))
    throw new DavError(403, 'Calendars here hold VTODOs only', cal('supported-calendar-component'));
  const name = v.safeParse(
    projectNameField,
    Array.from(wanted.name ?? path.segment)
      .slice(0, 100)
      .join(''),
  );
  const color = v.safeParse(projectColorField, wanted.color ?? DEFAULT_PROJECT_COLOR);
  if (!name.success)
    throw new DavError(403, 'The calendar needs a name', cal('valid-calendar-data'));
  try {
    await ownerTransaction(db, user.id, async (trx) => {
      const project = await createProject(
        trx,
        user.id,
        {
          name: name.output,
          color: color.success ? color.output : DEFAULT_PROJECT_COLOR,
          archived: false,
        },
        { maxProjects: context.config.maxProjectsPerUser },
      );
      // A calendar deleted by its client sent its project to the trash with the segment it had;
      // a new calendar there takes the segment, and the trashed project, if restored, its own.
      await trx
        .deleteFrom('caldav_collections')
        .where('owner_id', '=', user.id)
        .where('segment', '=', path.segment)
        .execute();
      await trx
        .insertInto('caldav_collections')
        .values({ project_id: project.id, owner_id: user.id, segment: path.segment })
        .execute();
    });
  } catch (error) {
    if (isDomainError(error, 'project-name-taken'))
      throw new DavError(409, 'A project of that name exists already');
    if (isDomainError(error, 'project-limit'))
      throw new DavError(507, 'The account keeps as many projects as it may');
    throw error;
  }
}
