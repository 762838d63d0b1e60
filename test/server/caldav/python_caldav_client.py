"""
A real CalDAV client (Debian's python3-caldav) against a running Ticklist: discovery through the
principal, the calendars, create, query, an edit with If-Match (and a stale ETag refused), complete,
changes made in the app seen through sync tokens, delete. Run by python-caldav.test.ts:
    python3 python_caldav_client.py <base-url> <username> <app-password> <jwt>
Prints one line per step; exits non-zero at the first failure.
"""
import json
import sys
import urllib.request

import caldav

BASE, USERNAME, PASSWORD, JWT = sys.argv[1:5]


def check(condition, step):
    if not condition:
        print(f"FAILED: {step}", flush=True)
        sys.exit(1)
    print(f"ok: {step}", flush=True)


def api(method, path, data=None):
    body = None if data is None else json.dumps({"data": data}).encode()
    request = urllib.request.Request(BASE + path, data=body, method=method)
    request.add_header("Authorization", f"Bearer {JWT}")
    if body is not None:
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read() or b"null")


def app_todos():
    return {t["attributes"]["title"]: t for t in api("GET", "/api/todos?pagination[pageSize]=100")["data"]}


ICAL = "\r\n".join(
    [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//python-caldav test//EN",
        "BEGIN:VTODO",
        "UID:py-1@example.com",
        "DTSTAMP:20261127T080000Z",
        "SUMMARY:Water the plants",
        "DUE;VALUE=DATE:20261205",
        "PRIORITY:1",
        "X-PY-EXTRA:keep me",
        "END:VTODO",
        "END:VCALENDAR",
        "",
    ]
)

client = caldav.DAVClient(url=BASE + "/dav/", username=USERNAME, password=PASSWORD)
principal = client.principal()
check(str(principal.url).endswith(f"/dav/principals/{USERNAME}/"), "discovery finds the principal")
calendars = principal.calendars()
names = sorted(calendar.name for calendar in calendars)
check(names == ["Errands", "Inbox"], f"lists the Inbox and the project as calendars ({names})")
inbox = next(calendar for calendar in calendars if calendar.name == "Inbox")
check(inbox.get_supported_components() == ["VTODO"], "a calendar holds VTODOs")

todo = inbox.save_todo(ICAL)
seen = app_todos().get("Water the plants")
check(seen is not None, "a todo created by the client is in the app")
check(seen["attributes"]["dueDate"] == "2026-12-05", "its DUE is the app's due date")
check(seen["attributes"]["priority"] == 3, "its PRIORITY 1 is the app's high priority")

found = [str(item.url) for item in inbox.todos()]
check(any(url.endswith("py-1%40example.com.ics") or url.endswith("py-1@example.com.ics") for url in found), "a calendar-query finds it")
synced = inbox.objects_by_sync_token(load_objects=True)
token = synced.sync_token
check(token and len(list(synced)) == 1, "an initial sync lists the one todo and gives a token")

url = str(todo.url)
current = client.request(url, "GET")
etag = current.headers.get("ETag") or current.headers.get("etag")
check(current.status == 200 and etag, "GET answers the todo with an ETag")
text = current.raw.decode() if isinstance(current.raw, bytes) else current.raw
check("X-PY-EXTRA:keep me" in text, "a property Ticklist does not model comes back")
edited = text.replace("Water the plants", "Water the roses")
headers = {"Content-Type": "text/calendar; charset=utf-8", "If-Match": etag}
check(client.put(url, edited, headers).status == 204, "an edit with the current ETag is saved")
check(client.put(url, edited.replace("roses", "tulips"), headers).status == 412, "an edit with a stale ETag is refused (412)")
check("Water the roses" in app_todos(), "the app shows the client's edit")

todo.load()
todo.complete()
check(app_todos()["Water the roses"]["attributes"]["completed"] is True, "completing in the client completes it in the app")
check(all("Water the roses" not in item.data for item in inbox.todos()), "an open-todos query leaves it out")

made = api("POST", "/api/todos", {"title": "Made in the app"})["data"]
changes = inbox.objects_by_sync_token(sync_token=token, load_objects=True)
urls = [str(item.url) for item in changes]
check(any(u.endswith(f"todo-{made['id']}.ics") for u in urls), "a sync after the token brings the app's new todo")
check(any("Made in the app" in (item.data or "") for item in changes), "and its content")
token = changes.sync_token

todo.delete()
check("Water the roses" not in app_todos(), "deleting in the client removes it from the app's list")
api("DELETE", f"/api/todos/{made['id']}")
gone = inbox.objects_by_sync_token(sync_token=token, load_objects=False)
gone_urls = [str(item.url) for item in gone]
check(len(gone_urls) == 2, f"the next sync reports both deletions ({gone_urls})")
quiet = inbox.objects_by_sync_token(sync_token=gone.sync_token)
check(len(list(quiet)) == 0, "a sync with the newest token is empty")

# Repeats: a rule inside the app's subset is the todo's repeat; completing it makes the next one.
def vtodo(uid, *lines):
    return "\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//python-caldav test//EN", "BEGIN:VTODO",
                        f"UID:{uid}", "DTSTAMP:20261127T080000Z", *lines, "END:VTODO", "END:VCALENDAR", ""])


weekly = inbox.save_todo(vtodo("py-weekly@example.com", "SUMMARY:Take out the bins", "DTSTART;VALUE=DATE:20261207",
                               "DUE;VALUE=DATE:20261207", "RRULE:FREQ=WEEKLY;BYDAY=MO"))
bins = [t for t in api("GET", "/api/todos?pagination[pageSize]=100")["data"] if t["attributes"]["title"] == "Take out the bins"]
check(len(bins) == 1 and bins[0]["attributes"]["recurrence"] == "FREQ=WEEKLY;BYDAY=MO", "an RRULE in the subset is the todo's repeat")
token = inbox.objects_by_sync_token(load_objects=False).sync_token
weekly.load()
weekly.complete()
bins = sorted((t["attributes"]["dueDate"], t["attributes"]["completed"])
              for t in api("GET", "/api/todos?pagination[pageSize]=100")["data"] if t["attributes"]["title"] == "Take out the bins")
check(bins == [("2026-12-07", True), ("2026-12-14", False)], f"completing it in the client makes the next occurrence ({bins})")
after = inbox.objects_by_sync_token(sync_token=token, load_objects=True)
nexts = [item.data for item in after if "DUE;VALUE=DATE:20261214" in (item.data or "")]
check(len(nexts) == 1 and "RRULE:FREQ=WEEKLY;BYDAY=MO" in nexts[0], "the next occurrence syncs to the client with its RRULE")

odd = inbox.save_todo(vtodo("py-odd@example.com", "SUMMARY:Pay the club", "DUE;VALUE=DATE:20261208",
                            "RRULE:FREQ=MONTHLY;BYDAY=2TU"))
club = app_todos()["Pay the club"]
check(club["attributes"]["recurrence"] is None, "a rule outside the subset is no repeat in the app")
api("PUT", f"/api/todos/{club['id']}", {"title": "Pay the book club"})
odd.load()
check("RRULE:FREQ=MONTHLY;BYDAY=2TU" in odd.data and "Pay the book club" in odd.data,
      "it comes back to the client unchanged, beside the app's edit")
print("ALL OK", flush=True)
