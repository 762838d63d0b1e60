/**
 * The project endpoints, injected into the one base API: the user's projects (all of them, in
 * their order), the open counts of the navigation drawer (one call), and the writes. Freshness is
 * the tags' business alone: every project write makes the project list stale, and the counts
 * provide the todo list and status tags too, so any todo write that could change a count (add,
 * edit, delete, restore, a completion) refetches them with no code of its own.
 */
import type { PagePagination, ProjectAttributes, ProjectEntity } from '../../shared/api-types';
import { MAX_PAGE_SIZE } from '../../shared/list-pagination';
import { api, PROJECT_TAGS, TODO_TAGS } from '../lib/api';

export interface TodoCounts {
  all: number;
  inbox: number;
  projects: { id: number; open: number }[];
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

interface ProjectListResponse {
  data: ProjectEntity[];
  meta: { pagination: PagePagination };
}

interface SingleProjectResponse {
  data: ProjectEntity;
  meta: { todos?: number };
}

const toOutcome = (response: SingleProjectResponse): ProjectOutcome => ({
  project: response.data,
  todos: response.meta.todos ?? 0,
});

/** A user may keep up to 500 projects and a page holds at most 100: read them page by page. */
const PAGE_QUERY = (page: number) =>
  `projects?pagination[page]=${page}&pagination[pageSize]=${MAX_PAGE_SIZE}&sort=position:asc`;

/** What a delete or a restore makes stale: the projects, their todos' lists and the trash. */
const MOVES_TODOS = [PROJECT_TAGS.list, TODO_TAGS.list, TODO_TAGS.status, TODO_TAGS.trash];

export const projectsApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getProjects: builder.query<ProjectEntity[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const projects: ProjectEntity[] = [];
        for (let page = 1; ; page += 1) {
          const result = await baseQuery(PAGE_QUERY(page));
          if (result.error) return { error: result.error };
          const body = result.data as ProjectListResponse;
          projects.push(...body.data);
          if (page >= body.meta.pagination.pageCount) return { data: projects };
        }
      },
      providesTags: [PROJECT_TAGS.list],
    }),

    getTodoCounts: builder.query<TodoCounts, void>({
      query: () => 'todos/counts',
      transformResponse: (response: { data: TodoCounts }) => response.data,
      providesTags: [PROJECT_TAGS.list, TODO_TAGS.list, TODO_TAGS.status],
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
      async queryFn(ordered, _api, _extra, baseQuery) {
        for (const [position, project] of ordered.entries()) {
          if (project.attributes.position === position) continue;
          const result = await baseQuery({
            url: `projects/${project.id}`,
            method: 'PUT',
            body: { data: { position } },
          });
          if (result.error) return { error: result.error };
        }
        return { data: null };
      },
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
