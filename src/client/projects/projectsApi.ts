/**
 * The project endpoints, injected into the one base API: the user's projects (all of them, in
 * their order), the open counts of the navigation drawer (one call), and the writes. Freshness is
 * the tags' business alone: every project write makes the project list stale, and the counts
 * provide the todo list and status tags too, so any todo write that could change a count (add,
 * edit, delete, restore, a completion) refetches them with no code of its own; so does a label write.
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ProjectAttributes, ProjectEntity } from '../../shared/api-types';
import { allPages } from '../lib/allPages';
import { api, LABEL_TAGS, PROJECT_TAGS, TODO_TAGS } from '../lib/api';
import { putPositions } from '../lib/reorder';

export interface TodoCounts {
  all: number;
  inbox: number;
  projects: { id: number; open: number }[];
  /** Each label's open todos (an older server without labels leaves it out). */
  labels?: { id: number; open: number }[];
}

export type ProjectChanges = Partial<Pick<ProjectAttributes, 'name' | 'color' | 'archived'>>;
export interface NewProject {
  name: string;
  color?: string;
}

/** A project write's answer: the project and, for a delete or a restore, how many todos went with it. */
export interface ProjectOutcome {
  project: ProjectEntity;
  todos: number;
}

interface SingleProjectResponse {
  data: ProjectEntity;
  meta: { todos?: number };
}

const toOutcome = (response: SingleProjectResponse): ProjectOutcome => ({
  project: response.data,
  todos: response.meta.todos ?? 0,
});

/** What a delete or a restore makes stale: the projects, their todos' lists and the trash. */
const MOVES_TODOS = [PROJECT_TAGS.list, TODO_TAGS.list, TODO_TAGS.status, TODO_TAGS.trash];

export const projectsApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getProjects: builder.query<ProjectEntity[], void>({
      queryFn: (_arg, _api, _extra, baseQuery) =>
        allPages<ProjectEntity, FetchBaseQueryError>(baseQuery, 'projects?sort=position:asc'),
      providesTags: [PROJECT_TAGS.list],
    }),

    getTodoCounts: builder.query<TodoCounts, void>({
      query: () => 'todos/counts',
      transformResponse: (response: { data: TodoCounts }) => response.data,
      providesTags: [PROJECT_TAGS.list, LABEL_TAGS.list, TODO_TAGS.list, TODO_TAGS.status],
    }),

    addProject: builder.mutation<ProjectOutcome, NewProject>({
      query: (data) => ({ url: 'projects', method: 'POST', body: { data } }),
      transformResponse: toOutcome,
      invalidatesTags: (_result, error) => (error ? [] : [PROJECT_TAGS.list]),
    }),

    updateProject: builder.mutation<ProjectOutcome, { id: number; changes: ProjectChanges }>({
      query: ({ id, changes }) => ({
        url: `projects/${id}`,
        method: 'PUT',
        body: { data: changes },
      }),
      transformResponse: toOutcome,
      invalidatesTags: (_result, error) => (error ? [] : [PROJECT_TAGS.list]),
    }),

    /**
     * A new order: the projects whose position changes are written (one PUT each), the list shows
     * the order at once and goes back to the server's if a write fails.
     */
    reorderProjects: builder.mutation<null, ProjectEntity[]>({
      queryFn: (ordered, _api, _extra, baseQuery) =>
        putPositions(
          baseQuery,
          'projects',
          ordered
            .map((item, position) => ({ item, position }))
            .filter(({ item, position }) => item.attributes.position !== position),
        ),
      async onQueryStarted(ordered, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          projectsApi.util.updateQueryData('getProjects', undefined, () =>
            ordered.map((project, position) => ({
              ...project,
              attributes: { ...project.attributes, position },
            })),
          ),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: [PROJECT_TAGS.list],
    }),

    /** To the trash, with its todos (Undo brings both back: restoreProject). */
    deleteProject: builder.mutation<ProjectOutcome, number>({
      query: (id) => ({ url: `projects/${id}`, method: 'DELETE' }),
      transformResponse: toOutcome,
      invalidatesTags: (_result, error) => (error ? [] : MOVES_TODOS),
    }),

    restoreProject: builder.mutation<ProjectOutcome, number>({
      query: (id) => ({ url: `projects/${id}/restore`, method: 'POST' }),
      transformResponse: toOutcome,
      invalidatesTags: (_result, error) => (error ? [] : MOVES_TODOS),
    }),
  }),
});

export const {
  useGetProjectsQuery,
  useGetTodoCountsQuery,
  useAddProjectMutation,
  useUpdateProjectMutation,
  useReorderProjectsMutation,
  useDeleteProjectMutation,
  useRestoreProjectMutation,
} = projectsApi;
