/**
 * The label endpoints, injected into the one base API: the user's labels (all of them, in name
 * order) and the writes. Every label write makes the label list stale, and with it the drawer's
 * counts (which provide that tag); a delete takes the label off its todos, so the todo lists are
 * refetched too (their chips and a list filtered by it change; no todo is deleted).
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { LabelAttributes, LabelEntity } from '../../shared/api-types';
import { allPages } from '../lib/allPages';
import { api, LABEL_TAGS, TODO_TAGS } from '../lib/api';

export type LabelChanges = Partial<Pick<LabelAttributes, 'name' | 'color'>>;
export interface NewLabel {
  name: string;
  color?: string;
}

/** A label write's answer: the label and, for a delete, how many todos it was taken off. */
export interface LabelOutcome {
  label: LabelEntity;
  todos: number;
}

const toOutcome = (response: { data: LabelEntity; meta: { todos?: number } }): LabelOutcome => ({
  label: response.data,
  todos: response.meta.todos ?? 0,
});

const unlessFailed = <T>(error: unknown, tags: T[]) => (error ? [] : tags);

export const labelsApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getLabels: builder.query<LabelEntity[], void>({
      queryFn: (_arg, _api, _extra, baseQuery) =>
        allPages<LabelEntity, FetchBaseQueryError>(baseQuery, 'labels?sort=name:asc'),
      providesTags: [LABEL_TAGS.list],
    }),

    addLabel: builder.mutation<LabelOutcome, NewLabel>({
      query: (data) => ({ url: 'labels', method: 'POST', body: { data } }),
      transformResponse: toOutcome,
      invalidatesTags: (_result, error) => unlessFailed(error, [LABEL_TAGS.list]),
    }),

    /** Rename or recolour: the rows' chips read names and colours from the label list. */
    updateLabel: builder.mutation<LabelOutcome, { id: number; changes: LabelChanges }>({
      query: ({ id, changes }) => ({ url: `labels/${id}`, method: 'PUT', body: { data: changes } }),
      transformResponse: toOutcome,
      invalidatesTags: (_result, error) => unlessFailed(error, [LABEL_TAGS.list]),
    }),

    deleteLabel: builder.mutation<LabelOutcome, number>({
      query: (id) => ({ url: `labels/${id}`, method: 'DELETE' }),
      transformResponse: toOutcome,
      invalidatesTags: (_result, error) =>
        unlessFailed(error, [LABEL_TAGS.list, TODO_TAGS.list, TODO_TAGS.status]),
    }),
  }),
});

export const {
  useGetLabelsQuery,
  useAddLabelMutation,
  useUpdateLabelMutation,
  useDeleteLabelMutation,
} = labelsApi;
