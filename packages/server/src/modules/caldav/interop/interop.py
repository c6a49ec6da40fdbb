#!/usr/bin/python3
"""Drive real, independent CalDAV clients against a server and report what each side holds.

Run with Debian's Python (/usr/bin/python3), which has the clients as Debian packages:
vdirsyncer (syncs the server's VTODO collections into a local folder of .ics files),
todoman (edits that folder as a person would) and python3-caldav (reads and edits the server
directly). Settings come from the environment:

    DAV_URL       the server's root, e.g. http://127.0.0.1:8080/ (clients discover the rest
                  through /.well-known/caldav)
    DAV_USER      the account's login
    DAV_PASSWORD  its password (or API token)
    WORK_DIR      a folder of this client's own: configs, sync status, local vdir, todoman cache

and, for some steps, LIST, SUMMARY, DUE, DESCRIPTION, CATEGORIES, RRULE and UID (bash keeps
its own UID read-only: from a shell, `env UID=… /usr/bin/python3 interop.py done`).

Each subcommand prints one JSON document on stdout; logs go to stderr. A todo is always
reported with the same fields (see `todo_fields`), whichever side it was read from, so a test
can compare both sides field by field.

    sync         vdirsyncer discovers the server's VTODO collections (first call only), syncs
                 them both ways and copies their displayname and colour. Proves discovery from
                 the root (a PROPFIND there, then /.well-known/caldav when the root is not DAV;
                 principal, calendar home, collections), listing with ETags, multiget and
                 conditional PUT as vdirsyncer does them. Prints every local collection with
                 its todos.
    new          todoman creates a todo in list LIST with SUMMARY, DUE (e.g. "2026-12-03 10:00",
                 in the machine's TZ), DESCRIPTION; this script adds RRULE (default
                 FREQ=WEEKLY), CATEGORIES (comma-separated) and X-INTEROP-TEST:kept to its
                 file, then syncs. Proves the server accepts a new resource named by the client
                 and keeps what it does not model. Prints the todo.
    done         todoman marks the todo UID done, then syncs. For a repeating todo todoman
                 completes this one (drops its RRULE) and writes the next occurrence as a new
                 todo with a new UID. Prints the todo and its whole local collection.
    server-read  python-caldav reads every VTODO of every calendar on the server (completed
                 ones too). Proves the server side holds what the client synced.
    server-edit  python-caldav changes SUMMARY and DUE (ISO 8601, e.g. 2026-12-10T15:30:00Z)
                 of the todo UID on the server, for servers with no other way to edit.
"""

import datetime
import glob
import json
import os
import shlex
import sqlite3
import subprocess
import sys
import tempfile
import urllib.parse

import caldav
import icalendar
import pytz
import requests

PAIR = "interop"
VDIRSYNCER = "/usr/bin/vdirsyncer"
TODOMAN = "/usr/bin/todoman"
TIMEOUT = 120


def log(*parts):
    print(*parts, file=sys.stderr, flush=True)


def setting(name, default=None):
    value = os.environ.get(name, default)
    if value is None:
        sys.exit(f"interop.py: the environment variable {name} is required")
    return value


def work_path(*parts):
    return os.path.join(setting("WORK_DIR"), *parts)


# ── what a todo is, on either side ──────────────────────────────────────────────────────────


def iso(value):
    """A DATE or DATE-TIME as comparable text: UTC with Z when it has a zone, else as it is."""
    if value is None:
        return None
    moment = value.dt
    if isinstance(moment, datetime.datetime):
        if moment.tzinfo is None:
            return moment.strftime("%Y-%m-%dT%H:%M:%S")
        return moment.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return moment.isoformat()


def categories(vtodo):
    found = vtodo.get("CATEGORIES")
    if found is None:
        return []
    lines = found if isinstance(found, list) else [found]
    return [str(name) for line in lines for name in line.cats]


def todo_fields(vtodo, href):
    rrule = vtodo.get("RRULE")
    return {
        "uid": str(vtodo.get("UID")),
        "href": href,
        "summary": str(vtodo["SUMMARY"]) if "SUMMARY" in vtodo else None,
        "due": iso(vtodo.get("DUE")),
        "rrule": rrule.to_ical().decode() if rrule is not None else None,
        "status": str(vtodo["STATUS"]) if "STATUS" in vtodo else None,
        "completed": iso(vtodo.get("COMPLETED")),
        "categories": categories(vtodo),
        "description": str(vtodo["DESCRIPTION"]) if "DESCRIPTION" in vtodo else None,
        "x_props": {name: str(value) for name, value in vtodo.items() if name.startswith("X-")},
    }


def vtodos(ics_bytes):
    return icalendar.Calendar.from_ical(ics_bytes).walk("VTODO")


# ── the local side: vdirsyncer's folder, as todoman sees it ─────────────────────────────────


def vdir():
    return work_path("vdir")


def read_text(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().strip() or None
    except OSError:
        return None


def local_collection(folder):
    todos = []
    for path in sorted(glob.glob(os.path.join(folder, "*.ics"))):
        with open(path, "rb") as f:
            todos += [todo_fields(t, os.path.basename(path)) for t in vtodos(f.read())]
    return {
        "name": os.path.basename(folder),
        # vdirsyncer metasync writes the server's displayname here; todoman names the list by it.
        "displayname": read_text(os.path.join(folder, "displayname")),
        "todos": sorted(todos, key=lambda t: t["uid"]),
    }


def local_collections():
    folders = sorted(p for p in glob.glob(os.path.join(vdir(), "*")) if os.path.isdir(p))
    return [local_collection(folder) for folder in folders]


def folder_of_list(name):
    """todoman names a list by its folder's displayname file, else by the folder's name."""
    for folder in glob.glob(os.path.join(vdir(), "*")):
        if name in (read_text(os.path.join(folder, "displayname")), os.path.basename(folder)):
            return folder
    sys.exit(f"interop.py: no local list named {name!r}; run sync first")


def local_todo(uid):
    for collection in local_collections():
        for todo in collection["todos"]:
            if todo["uid"] == uid:
                return collection, todo
    sys.exit(f"interop.py: no local todo with UID {uid}")


# ── configs and the two command-line clients ────────────────────────────────────────────────


def config_value(value):
    """vdirsyncer reads each value of its config as JSON."""
    return json.dumps(value)


def write_configs():
    os.makedirs(vdir(), exist_ok=True)
    with open(work_path("vdirsyncer.conf"), "w", encoding="utf-8") as f:
        f.write(
            f"""[general]
status_path = {config_value(work_path("status") + "/")}

[pair {PAIR}]
a = "server"
b = "local"
# Every collection the server has, created locally at discovery.
collections = ["from a"]
# No conflict_resolution: a conflict (one item changed on both sides since the last sync)
# fails the sync. The scenario never changes both sides between two syncs, so a conflict means
# the server changed an item by itself after a sync (say, answered a PUT with one ETag and then
# lists another); "a wins" or "b wins" would hide that by silently dropping one side's version.
metadata = ["displayname", "color"]

[storage server]
type = "caldav"
url = {config_value(setting("DAV_URL"))}
username = {config_value(setting("DAV_USER"))}
password = {config_value(setting("DAV_PASSWORD"))}
item_types = ["VTODO"]

[storage local]
type = "filesystem"
path = {config_value(vdir() + "/")}
fileext = ".ics"
"""
        )
    with open(work_path("todoman.py"), "w", encoding="utf-8") as f:
        f.write(
            f"""path = {json.dumps(os.path.join(vdir(), "*"))}
cache_path = {json.dumps(work_path("todoman-cache.sqlite3"))}
date_format = "%Y-%m-%d"
time_format = "%H:%M"
default_due = 0
humanize = False
"""
        )


def run(command, stdin=None):
    log(f"$ {shlex.join(command)}")
    done = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=TIMEOUT)
    if done.stdout.strip():
        log(done.stdout.rstrip())
    if done.stderr.strip():
        log(done.stderr.rstrip())
    if done.returncode != 0:
        sys.exit(f"interop.py: `{shlex.join(command)}` exited with {done.returncode}")
    return done.stdout


def vdirsyncer(*args, stdin=None):
    return run([VDIRSYNCER, "-c", work_path("vdirsyncer.conf"), *args], stdin)


def todoman(*args, stdin=None):
    # Not --porcelain: it would read DUE as a Unix timestamp rather than in the configured format.
    return run([TODOMAN, "-c", work_path("todoman.py"), "--color", "never", *args], stdin)


def sync():
    """Discover on the first call, then sync items and the collections' metadata."""
    if not os.path.exists(work_path("status", f"{PAIR}.collections")):
        # vdirsyncer asks, per collection missing locally, whether to create it.
        vdirsyncer("discover", PAIR, stdin="y\n" * 100)
    vdirsyncer("sync", PAIR)
    vdirsyncer("metasync", PAIR)


# ── the server side, read and edited directly with python-caldav ────────────────────────────


def context_url():
    """RFC 6764 discovery, which python-caldav 0.11 does not do: follow /.well-known/caldav.

    Handing python-caldav the well-known address itself would not do: requests follows a 301
    or 302 without the PROPFIND body (and turns a 302 into a GET).
    """
    root = setting("DAV_URL")
    well_known = urllib.parse.urljoin(root, "/.well-known/caldav")
    answer = requests.request("PROPFIND", well_known, allow_redirects=False, timeout=30)
    if answer.is_redirect:
        url = urllib.parse.urljoin(well_known, answer.headers["Location"])
        log(f"{well_known} -> {answer.status_code} {url}")
        return url
    return root


def server_calendars():
    client = caldav.DAVClient(
        context_url(), username=setting("DAV_USER"), password=setting("DAV_PASSWORD")
    )
    return client.principal().calendars()


def server_todos(calendar):
    # sort_keys=() keeps python-caldav from sorting on fields some todos lack.
    return calendar.todos(include_completed=True, sort_keys=())


def collection_name(url):
    return urllib.parse.unquote(str(url).rstrip("/").rsplit("/", 1)[1])


def server_read():
    collections = []
    for calendar in server_calendars():
        todos = []
        for item in server_todos(calendar):
            href = urllib.parse.urlparse(str(item.url)).path
            todos += [todo_fields(t, href) for t in vtodos(item.data.encode("utf-8"))]
        collections.append(
            {
                "name": collection_name(calendar.url),
                "displayname": calendar.name,
                "url": str(calendar.url),
                "todos": sorted(todos, key=lambda t: t["uid"]),
            }
        )
    return {"collections": sorted(collections, key=lambda c: c["name"])}


def server_edit(uid, summary, due):
    for calendar in server_calendars():
        for item in server_todos(calendar):
            ics = icalendar.Calendar.from_ical(item.data.encode("utf-8"))
            matches = [t for t in ics.walk("VTODO") if str(t.get("UID")) == uid]
            if not matches:
                continue
            vtodo = matches[0]
            # pytz's UTC, which icalendar writes as a plain "…Z" time (with no TZID).
            now = datetime.datetime.now(pytz.utc)
            for name, value in (
                ("SUMMARY", summary),
                ("DUE", datetime.datetime.fromisoformat(due.replace("Z", "+00:00")).astimezone(pytz.utc)),
                ("DTSTAMP", now),
                ("LAST-MODIFIED", now),
            ):
                vtodo.pop(name, None)
                vtodo.add(name, value)
            item.data = ics.to_ical().decode("utf-8")
            item.save()  # which raises SEQUENCE itself
            return todo_fields(vtodo, urllib.parse.urlparse(str(item.url)).path)
    sys.exit(f"interop.py: no todo with UID {uid} on the server")


# ── the subcommands ─────────────────────────────────────────────────────────────────────────


def command_sync():
    write_configs()
    sync()
    return {"collections": local_collections()}


def command_new():
    write_configs()
    folder = folder_of_list(setting("LIST"))
    before = set(os.listdir(folder))
    todoman(
        "new",
        "--list",
        setting("LIST"),
        "--due",
        setting("DUE"),
        "--read-description",
        setting("SUMMARY"),
        stdin=setting("DESCRIPTION", ""),
    )
    (created,) = [name for name in os.listdir(folder) if name not in before]
    path = os.path.join(folder, created)

    # todoman 4.1 has no option for a repeat or for categories (`todoman new --help`), so they
    # go into the file todoman wrote, as another client's edit would, before the sync.
    with open(path, "rb") as f:
        ics = icalendar.Calendar.from_ical(f.read())
    vtodo = ics.walk("VTODO")[0]
    vtodo.add("RRULE", icalendar.vRecur.from_ical(setting("RRULE", "FREQ=WEEKLY")))
    names = [name for name in setting("CATEGORIES", "").split(",") if name]
    if names:
        vtodo.add("CATEGORIES", names)
    vtodo.add("X-INTEROP-TEST", "kept")
    with tempfile.NamedTemporaryFile("wb", dir=folder, delete=False) as f:
        f.write(ics.to_ical())
    os.replace(f.name, path)

    sync()
    return local_todo(str(vtodo["UID"]))[1]


def command_done():
    write_configs()
    uid = setting("UID")
    # todoman names a todo by the numeric id of its cache, which `list` brings up to date.
    todoman("list", "--status", "ANY")
    with sqlite3.connect(work_path("todoman-cache.sqlite3")) as cache:
        (todo_id,) = cache.execute("SELECT id FROM todos WHERE uid = ?", (uid,)).fetchone()
    todoman("done", str(todo_id))
    sync()
    collection, todo = local_todo(uid)
    return {"todo": todo, "collection": collection}


def command_server_edit():
    return server_edit(setting("UID"), setting("SUMMARY"), setting("DUE"))


COMMANDS = {
    "sync": command_sync,
    "new": command_new,
    "done": command_done,
    "server-read": server_read,
    "server-edit": command_server_edit,
}

if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in COMMANDS:
        sys.exit(f"usage: interop.py {{{'|'.join(COMMANDS)}}}")
    print(json.dumps(COMMANDS[sys.argv[1]](), indent=2, ensure_ascii=False))
