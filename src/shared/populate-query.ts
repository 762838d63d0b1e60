/**
 * `populate` of the todo list and GET /todos/:id, as Strapi v4 clients write it: `*` (every
 * relation), `project`, `labels`, `parent`, `subtasks`, `populate[0]=labels`, or per relation
 * `populate[labels][fields][0]=name`. The server validates with it; each relation's answer is its
 * feature's (project-relation.ts, label-relation.ts, todo-populate.ts).
 */
import * as v from 'valibot';
import { labelsPopulate, type LabelsPopulate } from './label-populate';
import { PROJECT_FIELDS, type ProjectField } from './project-relation';
import { bracketObject, isRecord } from './qs-object';
import { todoRelationPopulate, type TodoRelationPopulate } from './todo-populate';

export { LABEL_FIELDS, type LabelField } from './label-populate';

/** The relations populate asks for; one undefined is not asked, `fields` undefined is all of them. */
export interface Populate {
  project?: { fields?: ProjectField[] };
  labels?: LabelsPopulate;
  /** The todo's parent and its direct subtasks, each possibly nested (todo-populate.ts). */
  parent?: TodoRelationPopulate;
  subtasks?: TodoRelationPopulate;
}

const RELATIONS = ['project', 'labels', 'parent', 'subtasks'] as const;
type Relation = (typeof RELATIONS)[number];
const isRelation = (name: string): name is Relation =>
  (RELATIONS as readonly string[]).includes(name);
const unknownRelation = (name: string) =>
  `Cannot populate "${name}" (use ${RELATIONS.join(', ')} or *)`;

const fieldsOf = (relation: Relation, fields: readonly string[], noun: string) =>
  v.pipe(
    v.unknown(),
    v.transform((raw) =>
      typeof raw === 'string' ? raw.split(',') : isRecord(raw) ? Object.values(raw) : raw,
    ),
    v.array(
      v.picklist(
        fields,
        `populate.${relation}.fields must name fields of a ${noun} (${fields.join(', ')})`,
      ),
      `populate.${relation}.fields must list fields such as populate[${relation}][fields][0]=name`,
    ),
  );

/** populate[relation]=true (or *), or populate[relation][fields][…]: an object of fields only. */
const relationObjects = {
  project: bracketObject(
    { fields: v.optional(fieldsOf('project', PROJECT_FIELDS, 'project')) },
    (key) => `populate.project.${key} is not supported (use fields)`,
    'populate.project must be true or an object such as populate[project][fields][0]=name',
  ),
};

const EXAMPLE = 'populate must look like populate=* or populate[0]=project';

/** populate=*, populate=project,labels, populate[0]=parent, populate[labels][fields][0]=name, … */
export const populateEntry = v.optional(
  v.pipe(
    v.unknown(),
    v.description(
      'populate=* (every relation), populate[0]=project (or labels, parent, subtasks): each todo’s project or parent as { data: { id, attributes } } (or { data: null }), its labels and subtasks as { data: [{ id, attributes }] }; populate[labels][fields][0]=name for some attributes; populate[subtasks][populate][subtasks]=* nests subtasks (or parent) up to the depth limit, populate[subtasks][populate][labels]=true adds the subtasks’ labels',
    ),
    v.rawTransform(({ dataset, addIssue, NEVER }): Populate => {
      const raw = dataset.value;
      const listed =
        typeof raw === 'string'
          ? raw.split(',')
          : Array.isArray(raw) || (isRecord(raw) && Object.keys(raw).every((k) => /^\d+$/.test(k)))
            ? Object.values(raw as object)
            : undefined;
      if (listed) {
        // populate=1&populate[x]=… lists an object beside a name: not a relation's name.
        if (!listed.every((name) => typeof name === 'string')) {
          addIssue({ message: EXAMPLE });
          return NEVER;
        }
        const names = listed.map((name) => name.trim()).filter(Boolean);
        const unknown = names.find((name) => name !== '*' && !isRelation(name));
        if (unknown !== undefined) {
          addIssue({ message: unknownRelation(unknown) });
          return NEVER;
        }
        const all = names.includes('*');
        return Object.fromEntries(
          RELATIONS.filter((relation) => all || names.includes(relation)).map((relation) => [
            relation,
            {},
          ]),
        );
      }
      if (!isRecord(raw)) {
        addIssue({ message: EXAMPLE });
        return NEVER;
      }
      const populate: Populate = {};
      for (const [name, value] of Object.entries(raw)) {
        if (!isRelation(name)) {
          addIssue({ message: unknownRelation(name) });
          return NEVER;
        }
        if (name === 'labels') {
          const parsed = labelsPopulate(value);
          if ('message' in parsed) {
            addIssue({ message: parsed.message });
            return NEVER;
          }
          populate.labels = parsed.value;
          continue;
        }
        if (name === 'parent' || name === 'subtasks') {
          const parsed = todoRelationPopulate(name, value);
          if ('message' in parsed) {
            addIssue({ message: parsed.message });
            return NEVER;
          }
          populate[name] = parsed.value;
          continue;
        }
        if (value === 'true' || value === '*') {
          populate[name] = {};
          continue;
        }
        const parsed = v.safeParse(relationObjects[name], value);
        if (!parsed.success) {
          addIssue({ message: parsed.issues[0].message });
          return NEVER;
        }
        (populate as Record<Relation, unknown>)[name] = parsed.output;
      }
      return populate;
    }),
  ),
  '',
);

/** Whether a raw populate names a todo's relations to other todos (parent, subtasks). */
const namesTodoRelations = (raw: unknown): boolean => {
  const names =
    typeof raw === 'string'
      ? raw.split(',').map((name) => name.trim())
      : Array.isArray(raw)
        ? raw
        : isRecord(raw)
          ? [...Object.keys(raw), ...Object.values(raw)]
          : [];
  return names.some((name) => name === 'parent' || name === 'subtasks');
};

/**
 * populate of the trash: a trashed todo's project and labels (`populate=*` is those two); its parent
 * and subtasks are not asked there (the trash lists todos, not trees) and are refused.
 */
export const trashPopulateEntry = v.optional(
  v.pipe(
    v.unknown(),
    v.check(
      (raw) => !namesTodoRelations(raw),
      'populate in the trash takes project and labels only (populate[0]=project&populate[1]=labels)',
    ),
    populateEntry,
    v.transform(({ project, labels }: Populate): Populate => ({ project, labels })),
  ),
  '',
);
