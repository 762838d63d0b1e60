/**
 * The user's projects as the pages use them: the live ones in their order, those not archived
 * (what the drawer lists and the Project select offers), and a lookup by id. On a backend without
 * projects (Strapi) nothing is asked and the lists are empty.
 */
import { useMemo } from 'react';
import type { ProjectEntity } from '../../shared/api-types';
import { useGetProjectsQuery, useGetTodoCountsQuery } from './projectsApi';

const NONE: ProjectEntity[] = [];

export function useProjects() {
  const query = useGetProjectsQuery();
  const all = query.data ?? NONE;
  const shown = useMemo(() => all.filter((project) => !project.attributes.archived), [all]);
  const byId = useMemo(() => new Map(all.map((project) => [project.id, project])), [all]);
  return {
    /** Every live project, archived ones included, in the user's order. */
    all,
    /** The live projects not archived, in the user's order. */
    shown,
    byId,
    isLoading: query.isLoading,
    isSuccess: query.isSuccess,
    error: query.error,
  };
}

/** The open todos of every project and label, the Inbox and all: one call (`GET /api/todos/counts`). */
export function useOpenCounts({ skip = false }: { skip?: boolean } = {}) {
  const { data } = useGetTodoCountsQuery(undefined, { skip });
  return useMemo(
    () => ({
      all: data?.all,
      inbox: data?.inbox,
      ofProject: new Map(data?.projects.map(({ id, open }) => [id, open])),
      ofLabel: new Map(data?.labels?.map(({ id, open }) => [id, open])),
    }),
    [data],
  );
}

/** The project whose `#name` quick add read: the user's one of that name, in any case. */
export function projectNamed(projects: readonly ProjectEntity[], name: string) {
  const wanted = name.toLocaleLowerCase();
  return projects.find((project) => project.attributes.name.toLocaleLowerCase() === wanted);
}
