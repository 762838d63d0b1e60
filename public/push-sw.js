/*
 * Reminders pushed by the Ticklist server, loaded into the Workbox service worker (importScripts in
 * serviceWorkerConfig.ts). A push shows a notification with the todo's title and times and two
 * buttons that work without opening the app: each POSTs, with no body and no credentials, to the
 * single-use action URL the payload carries (never the session token, which the worker does not
 * have). A click elsewhere opens the list searched for the todo, as the in-app toast's Open does.
 */
const REMINDER_ACTIONS = [
  { action: 'complete', title: 'Complete' },
  { action: 'snooze', title: 'Snooze 1 hour' },
];

function reminderBody(todo) {
  const parts = [];
  if (todo.dueDate) parts.push(`Due ${todo.dueDate}`);
  const at = new Date(todo.remindAt);
  if (!Number.isNaN(at.getTime()))
    parts.push(`Reminder at ${at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`);
  return parts.join(' · ');
}

self.addEventListener('push', (event) => {
  let payload;
  try {
    payload = event.data ? event.data.json() : undefined;
  } catch {
    return;
  }
  if (!payload || payload.type !== 'reminder' || !payload.todo) return;
  const { todo, actions } = payload;
  event.waitUntil(
    self.registration.showNotification(todo.title, {
      body: reminderBody(todo),
      tag: `reminder-${todo.id}`,
      icon: '/pwa-192x192.png',
      data: { todoId: todo.id, title: todo.title, actions: actions || {} },
      actions: REMINDER_ACTIONS.filter(({ action }) => actions && actions[action]),
    }),
  );
});

/** Completes or snoozes the notification's todo through its action URL; says so if that failed. */
self.ticklistReminderAction = async function ticklistReminderAction(notification, action) {
  const url = notification.data && notification.data.actions && notification.data.actions[action];
  if (!url) return;
  notification.close();
  let ok;
  try {
    ok = (await fetch(url, { method: 'POST', credentials: 'omit' })).ok;
  } catch {
    ok = false;
  }
  if (!ok)
    await self.registration.showNotification(notification.data.title, {
      body: 'This reminder was already handled, or has passed. Open Ticklist to see the todo.',
      tag: notification.tag,
      data: { todoId: notification.data.todoId, title: notification.data.title, actions: {} },
    });
};

/** Opens the list searched for the todo's title, in a Ticklist tab if one is open. */
self.ticklistOpenReminder = async function ticklistOpenReminder(notification) {
  notification.close();
  const search = new URLSearchParams({ search: notification.data.title });
  const url = new URL(`/todos?${search}`, self.location.origin).href;
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = tabs.find((client) => new URL(client.url).origin === self.location.origin);
  if (tab) {
    // navigate() works on a tab this worker controls; another one is only focused.
    await tab.navigate(url).catch(() => undefined);
    // Focusing is allowed only while a notification click is being handled.
    return tab.focus().catch(() => tab);
  }
  return self.clients.openWindow(url);
};

self.addEventListener('notificationclick', (event) => {
  const { notification, action } = event;
  if (!notification.data || !notification.tag.startsWith('reminder-')) return;
  event.waitUntil(
    action === 'complete' || action === 'snooze'
      ? self.ticklistReminderAction(notification, action)
      : self.ticklistOpenReminder(notification),
  );
});
