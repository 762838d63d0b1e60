/**
 * Web Push calls: the server's public key, the user's devices (subscribe, list, remove) and where
 * their reminders go.
 */
import type { ReminderActionPreview } from '../../shared/push-schemas';
import { api } from '../lib/api';

export interface PushDevice {
  id: number;
  endpoint: string;
  userAgent: string | null;
  expirationTime: string | null;
  createdAt: string;
}

export const REMINDER_DELIVERIES = ['both', 'mail', 'push', 'none'] as const;
export type ReminderDelivery = (typeof REMINDER_DELIVERIES)[number];

export const pushApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getVapidPublicKey: builder.query<string, void>({
      query: () => 'push/vapid-public-key',
      transformResponse: (answer: { data: { publicKey: string } }) => answer.data.publicKey,
    }),
    listPushDevices: builder.query<PushDevice[], void>({
      query: () => 'push/subscriptions',
      transformResponse: (answer: { data: PushDevice[] }) => answer.data,
      providesTags: ['PushDevice'],
    }),
    addPushDevice: builder.mutation<{ id: number }, PushSubscriptionJSON>({
      query: (body) => ({ url: 'push/subscriptions', method: 'POST', body }),
      invalidatesTags: ['PushDevice'],
    }),
    removePushDevice: builder.mutation<unknown, number>({
      query: (id) => ({ url: `push/subscriptions/${id}`, method: 'DELETE' }),
      invalidatesTags: ['PushDevice'],
    }),
    previewReminderAction: builder.query<ReminderActionPreview, string>({
      query: (token) => `reminder-actions/${token}`,
      transformResponse: (answer: { data: ReminderActionPreview }) => answer.data,
    }),
    runReminderAction: builder.mutation<unknown, string>({
      query: (token) => ({ url: `reminder-actions/${token}`, method: 'POST' }),
      // The todo changed: lists and counts that show it read it again.
      invalidatesTags: ['Todo'],
    }),
    getReminderDelivery: builder.query<ReminderDelivery, void>({
      query: () => 'reminders/delivery',
      transformResponse: (answer: { data: { delivery: ReminderDelivery } }) => answer.data.delivery,
      providesTags: ['ReminderDelivery'],
    }),
    setReminderDelivery: builder.mutation<unknown, ReminderDelivery>({
      query: (delivery) => ({
        url: 'reminders/delivery',
        method: 'PUT',
        body: { data: { delivery } },
      }),
      invalidatesTags: ['ReminderDelivery'],
    }),
  }),
});

export const {
  useLazyGetVapidPublicKeyQuery,
  useListPushDevicesQuery,
  useAddPushDeviceMutation,
  useRemovePushDeviceMutation,
  useGetReminderDeliveryQuery,
  useSetReminderDeliveryMutation,
  usePreviewReminderActionQuery,
  useRunReminderActionMutation,
} = pushApi;
