"""The inspector page's checks in headless Chromium: run by scripts/inspector-check."""
import json
import os
import random
import sys
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

work, screenshots, movies, bench = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


options = Options()
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1400,900", "--allow-file-access-from-files"]:
    options.add_argument(argument)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
driver.set_page_load_timeout(60)
driver.set_script_timeout(300)  # a backstop for a script that never returns, not a verdict
# Nothing the page does may reach a network: any request is a failure.
driver.execute_cdp_cmd("Network.enable", {})
driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["http://*", "https://*", "ws://*", "wss://*"]})


def page(name, fragment=""):
    driver.get("about:blank")  # a new document each time, not a jump within the last one
    driver.get("file://" + os.path.join(work, name) + fragment)
    deadline = time.time() + 30  # a backstop for a page that never gets ready, not a verdict
    while driver.execute_script("return document.body && document.body.dataset.ready") != "true":
        if time.time() > deadline:
            raise SystemExit("the page never got ready: " + name)
        time.sleep(0.05)


def text(css):
    return driver.find_element(By.CSS_SELECTOR, css).text


def position():
    return driver.execute_script("return window.loopInspector.position")


def key(k):
    driver.find_element(By.ID, "list").send_keys(k)


def shot(name):
    if screenshots:
        driver.save_screenshot(os.path.join(screenshots, name))


# --- A movies session: the actions, who sent each, what it changed, stepping, the address.
page("movies.html")
log = [json.loads(l) for l in open(os.path.join(work, "movies.jsonl")) if '"action"' in l]
effects_in_log = [json.loads(l) for l in open(os.path.join(work, "movies.jsonl")) if '"event":"started"' in l]
rows = driver.find_elements(By.CSS_SELECTOR, ".row")
check(len(rows) == len(log), "the list shows every action (%d)" % len(log))
check(position() == 1 and driver.current_url.endswith("#step=1"), "the page opens at the first action, in its address")
check("searchSubmitted" in rows[0].text and "user" in rows[0].text, "the first row is the user's search")
response = next(i for i, l in enumerate(log) if "searchResponse" in json.dumps(l["action"])) + 1
key(Keys.ARROW_DOWN)
check(position() == 2, "↓ steps forward")
driver.execute_script("window.loopInspector.goTo(%d)" % response)
check("Sent by an effect that #1" in text("#from"), "the response names the action whose effect sent it")
check("results[0]" in text("#diff"), "the diff shows the results the response added, by path")
check(driver.find_element(By.CSS_SELECTOR, "#state details").get_attribute("open") == "true", "the state tree is open at its top")
check("results" in text("#state"), "the state tree shows the results")
summary = driver.find_elements(By.CSS_SELECTOR, "#state details details > summary")
check(len(summary) > 0, "the tree has folds below its top")
shot("inspector-response.png")
key(Keys.HOME)
check(position() == 0 and "initial state" in text("#detail").lower(), "Home goes to the initial state")
key(Keys.END)
check(position() == len(log), "End goes to the last action")
key(Keys.ARROW_UP)
check(position() == len(log) - 1, "↑ steps back")
# The effects: which action started which, and how each ended.
driver.execute_script("window.loopInspector.goTo(1)")
check("started by #1" in text("#effects") and "finished" in text("#effects"), "the effects view shows the search's effect, finished")
shot("inspector-effects.png")
# Timings: every action's reduce time, the slowest first; every effect's run, sortable.
check("reduced in" in text("#from"), "an action names how long its reduce took")
driver.find_element(By.ID, "timings").click()
timed = driver.find_elements(By.CSS_SELECTOR, "#slowest tr[data-go]")
check(len(timed) == min(200, sum(1 for l in log if "reduce" in l)), "the timings list every action's reduce (%d)" % len(timed))
def shown_step(row):
    return int(row.get_attribute("data-go"))
check(shown_step(timed[0]) == 1 + max(range(len(log)), key=lambda i: log[i].get("reduce", -1)), "the slowest reduce comes first")
longest = driver.find_elements(By.CSS_SELECTOR, "#longest tr[data-go]")
check(len(longest) == len(effects_in_log) and all("finished" in r.text or "cancelled" in r.text for r in longest),
      "the timings list every effect with how it ended (%d)" % len(longest))
shot("inspector-timings.png")
driver.find_element(By.CSS_SELECTOR, "#slowest [data-sort='actions step']").click()
steps_shown = [shown_step(r) for r in driver.find_elements(By.CSS_SELECTOR, "#slowest tr[data-go]")]
check(steps_shown == sorted(steps_shown), "a column header sorts by it (step, ascending)")
driver.find_element(By.CSS_SELECTOR, "#slowest [data-sort='actions step']").click()
steps_shown = [shown_step(r) for r in driver.find_elements(By.CSS_SELECTOR, "#slowest tr[data-go]")]
check(steps_shown == sorted(steps_shown, reverse=True), "clicking it again sorts the other way")
driver.find_element(By.CSS_SELECTOR, "#slowest tr[data-go]").click()
check(position() == steps_shown[0] and driver.find_elements(By.ID, "diff"), "a row of the timings opens its step")
# Search and filters.
search = driver.find_element(By.ID, "search")
search.send_keys("searchResponse")
visible = driver.find_elements(By.CSS_SELECTOR, ".row")
check(len(visible) == sum("searchResponse" in json.dumps(l["action"]) for l in log) and all("searchResponse" in r.text for r in visible),
      "search keeps the matching actions")
def clear(field):
    driver.execute_script("arguments[0].value = ''; arguments[0].dispatchEvent(new Event('input'))", field)


clear(search)
driver.find_element(By.CSS_SELECTOR, "#sender option[value='e']").click()
effects = driver.find_elements(By.CSS_SELECTOR, ".row")
check(len(effects) == sum(l["origin"] == "effect" for l in log) and all("effect" in r.text for r in effects), "the sender filter keeps the effects' actions")
driver.find_element(By.CSS_SELECTOR, "#sender option[value='all']").click()
case = driver.find_element(By.ID, "case")
case.send_keys("searchSubmitted")
check(all("searchSubmitted" in r.text for r in driver.find_elements(By.CSS_SELECTOR, ".row")), "the case filter keeps that case")
clear(case)
# A link opens at its step.
page("movies.html", "#step=%d" % response)
check(position() == response and "selected" in driver.find_element(By.CSS_SELECTOR, ".row[data-step='%d']" % response).get_attribute("class"),
      "a link with #step=N opens at step N, selected")
check(not [e for e in driver.get_log("browser") if e["level"] == "SEVERE"], "no error in the browser's console")

# --- The page rebuilds every step's state exactly: the recorded states, forward, backward, by jumps.
def rebuilds(name, log_name):
    page(name)
    lines = [json.loads(l) for l in open(os.path.join(work, log_name))]
    states = [lines[0]["initialState"]] + [l["state"] for l in lines[1:] if "action" in l]
    order = list(range(len(states))) + list(reversed(range(len(states))))
    order += random.Random(1).sample(range(len(states)), min(len(states), 200))
    wrong = []
    for n in order:
        driver.execute_script("window.loopInspector.goTo(%d, false)" % n)
        # NB: Through JSON text: a key named __proto__ is an own key to JSON, as it must be to the page.
        if json.loads(driver.execute_script("return JSON.stringify(window.loopInspector.state)")) != states[n]:
            wrong.append(n)
    check(not wrong, "%s: every step's state is the recorded one (%d moves)%s"
          % (name, len(order), "" if not wrong else ", wrong at " + str(wrong[:5])))


rebuilds("movies.html", "movies.jsonl")
rebuilds("random.html", "random.jsonl")

# --- A hostile log: nothing in it runs, its text shows as text, every step rebuilds.
driver.execute_script("window.alert = () => { window.__ran = 'alert' }")
page("hostile.html")
check(driver.execute_script("return window.__ran === undefined"), "nothing in a hostile log runs (on load)")
hostile_states = [json.loads(l) for l in open(os.path.join(work, "hostile.jsonl"))]
for n in range(0, 41):
    driver.execute_script("window.loopInspector.goTo(%d)" % n)
    for fold in driver.find_elements(By.CSS_SELECTOR, "#state details:not([open]) > summary")[:20]:
        fold.click()
check(driver.execute_script("return window.__ran === undefined"), "nothing in a hostile log runs (every step shown, its folds opened)")
driver.execute_script("window.loopInspector.goTo(1)")
check('<img src=x onerror="window.__ran=1">' in text("#action"), "markup in an action shows as text")
check(driver.execute_script("return document.title").startswith('<img src=x onerror="window.__ran=1">'), "markup in the name shows as text in the title")
driver.execute_script("window.loopInspector.goTo(2)")
check("</script><script>window.__ran=2</script>" in text("#action"), "a closing script tag in an action shows as text")
check(driver.execute_script("return document.querySelectorAll('img, svg, iframe, object, embed').length") == 0, "no element came from the log")
driver.execute_script("window.loopInspector.goTo(1)")
check("__proto__" in text("#state") and "__proto__" in text("#diff"), "a key named __proto__ is an ordinary key, in the tree and the diff")
check(driver.execute_script("return Object.getPrototypeOf(window.loopInspector.state) === Object.prototype"), "the state's prototype is untouched")
rebuilds("hostile.html", "hostile.jsonl")
check(not [e for e in driver.get_log("browser") if e["level"] == "SEVERE"], "no error in the browser's console (hostile log)")
shot("inspector-hostile.png")

# --- A replay that diverges: the page opens where the states first differ, side by side.
page("diverged.html")
last = len(log)
check(position() == last, "the diverging page opens at the first step whose states differ (#%d)" % last)
check("differs from the recording after #%d" % last in text("#divergence"), "the banner names the step")
check("results[1]" in text("#compare"), "the comparison lists what differs, by path")
check("Recorded" in text("#detail") and len(driver.find_elements(By.CSS_SELECTOR, "#recorded .tree")) == 1
      and len(driver.find_elements(By.CSS_SELECTOR, "#replayed .tree")) == 1, "both states side by side")
shot("inspector-divergence.png")

# --- 100,000 actions: the first screen, and the last step.
timings = []
for _ in range(3):
    page("long.html")
    timings.append(int(driver.execute_script("return +document.body.dataset.firstScreenMs")))
rows = driver.find_elements(By.CSS_SELECTOR, ".row")
check(driver.execute_script("return window.loopInspector.steps") >= 100000, "the long session has 100,000 actions")
check(0 < len(rows) < 200, "only the rows in view are in the page (%d)" % len(rows))
start = time.time()
key(Keys.END)
end = time.time() - start
check(position() >= 100000, "End reaches the last of 100,000 actions")
size = os.path.getsize(os.path.join(work, "long.html"))
print("100,000 actions: first screen %s ms (three loads), End %.0f ms, page %.1f MB, log %.1f MB"
      % (timings, end * 1000, size / 1e6, os.path.getsize(os.path.join(work, "long.jsonl")) / 1e6))

# --- A running app, live: `movies --inspect` in its line mode (a search per line on its
# standard input), watched and driven from the page. Only the app's own server, on 127.0.0.1,
# may be reached.
import subprocess
driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["https://*", "ws://*", "wss://*"]})
app_env = {k: v for k, v in os.environ.items() if k != "OMDB_API_KEY"}
app = subprocess.Popen([movies, "--inspect", "--offline"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, env=app_env, text=True)
url = None
for line in app.stderr:
    if line.startswith("Loop inspector: "):
        url = line.split(": ", 1)[1].strip()
        break
check(url is not None and url.startswith("http://127.0.0.1:") and "token=" in url, "the app prints its inspector's address, on 127.0.0.1 with a token")
origin = url.split("/?")[0]


def wait(condition, what, seconds=120):
    deadline = time.time() + seconds  # a backstop for something that never happens, not a verdict
    while not driver.execute_script("return " + condition):
        if time.time() > deadline:
            check(False, what + " (never happened)")
            return False
        time.sleep(0.05)
    return True


def type_line(text):
    app.stdin.write(text + "\n")
    app.stdin.flush()


def steps_matching(label):
    return driver.execute_script(
        "const l = window.loopInspector; const out = []; for (let n = l.base + 1; n <= l.base + l.steps; n++) {"
        " l.goTo(n, false); const a = document.getElementById('action'); if (a && a.textContent.includes(arguments[0])) out.push(n); }"
        " l.goTo(l.base + l.steps); return out;", label)


driver.get("about:blank")
driver.get(url.split("?")[0] + "?token=wrong")
check("Refused" in driver.find_element(By.TAG_NAME, "body").text, "a wrong token is refused")
driver.get(url)
check(wait("document.body.dataset.live === 'open' && +document.body.dataset.snapshots >= 1", "the page connects"),
      "the page connects and shows the session so far")
type_line("batman")
check(wait("document.querySelector('#detail') && window.loopInspector.state.movies.results.length > 0", "the search's response arrives"),
      "the search's response arrives in the page as it happens")
responses = steps_matching("searchResponse")
check(len(responses) == 1, "one response step (%s)" % responses)
response = responses[0] if responses else 1
check(driver.execute_script("return window.loopInspector.state.movies.results[0].title") == "Batman Begins", "the state after it holds the results")
check("results" in text("#diff"), "its diff shows the results arriving")
check("effect" in driver.find_element(By.CSS_SELECTOR, ".row[data-step='%d'] .from" % response).text, "its sender is the effect")
shot("inspector-live.png")

# Jump the app back to before the response.
driver.execute_script("window.loopInspector.goTo(arguments[0])", response - 1)
driver.find_element(By.ID, "jump").click()
check(wait("document.querySelector('.row .from.inspector') !== null", "the jump shows"), "the jump shows in the list, sent by the inspector")
check(wait("window.loopInspector.position === window.loopInspector.base + window.loopInspector.steps", "the page follows the jump"),
      "the page moves to the jump")
check(driver.execute_script("return window.loopInspector.state.movies.results.length") == 0, "after the jump the app's state is the one before the response")
check("jump to #%d" % (response - 1) in text("#action"), "the jump names the step it went to")
check(wait("document.getElementById('control-message').textContent.includes('jumped')", "the jump is confirmed"), "the jump is confirmed")

# Pause: a line typed meanwhile waits; resume: it is reduced.
driver.find_element(By.ID, "pause").click()
check(wait("document.body.dataset.paused === 'true'", "the app pauses"), "the app pauses")
before = driver.execute_script("return window.loopInspector.steps")
type_line("star")


def waiting():
    """How many of the app's actions wait: asked with a pause, which a paused app answers."""
    request = urllib.request.Request(url.replace("/?", "/control?"), data=b'{"pause":true}', method="POST")
    return json.loads(urllib.request.urlopen(request, timeout=60).read())["waiting"]


deadline = time.time() + 120  # a backstop, not a verdict: the line's keys arrive in one turn
while waiting() == 0 and time.time() < deadline:
    time.sleep(0.05)
check(waiting() > 0, "the line typed while paused reached the app, and waits")
check(driver.execute_script("return window.loopInspector.steps") == before, "while paused, the app's actions wait")
driver.find_element(By.ID, "pause").click()
check(wait("document.body.dataset.paused === 'false' && window.loopInspector.steps > %d" % before, "the app resumes"),
      "on resume, the actions that waited are reduced")
check(wait("window.loopInspector.state.movies.query === 'star' && window.loopInspector.state.movies.results.length > 0", "star's results arrive"),
      "and their effects run")

# Dispatch: an action typed as JSON; one that does not decode is refused with the decoder's message.
field = driver.find_element(By.ID, "dispatch-text")
field.send_keys('{"movies":{"_0":{"queryChanged":{"_0":"matrix"}}}}')
driver.find_element(By.ID, "dispatch").click()
check(wait("window.loopInspector.state.movies.query === 'matrix'", "the dispatched action is reduced"), "an action typed as JSON is sent to the app")
check(wait("window.loopInspector.state.movies.results.some((r) => r.title.includes('Matrix'))", "matrix's results arrive"),
      "and its search runs")
clear(field)
field.send_keys('{"movies":{"_0":{"noSuchCase":{}}}}')
driver.find_element(By.ID, "dispatch").click()
check(wait("document.getElementById('control-message').textContent.includes('could not be decoded')", "a bad action is refused"),
      "an action that does not decode is refused with the decoder's message")
shot("inspector-live-controls.png")

# Reconnecting resumes: a new page gets the whole session.
steps_before = driver.execute_script("return window.loopInspector.steps")
driver.get("about:blank")
driver.get(url)
check(wait("+document.body.dataset.snapshots >= 1 && window.loopInspector.steps >= %d" % steps_before, "a new page catches up"),
      "a page opened later shows every step kept")
resources = driver.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)")
check(all(r.startswith(origin) for r in resources), "the page reached only the app's server (%d requests)" % len(resources))
# NB: The refused action (400) and the wrong token (403) were asked for; nothing else may fail.
severe = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"
          and "status of 400" not in e["message"] and "status of 403" not in e["message"]]
check(not severe, "no error in the browser's console (live) %s" % severe)
app.stdin.close()
check(app.wait(timeout=60) == 0, "the app exits when its input ends")

# --- The live page's model test: a store of seeded random edits (rows inserted, removed,
# retitled and swapped; hostile text; keys like __proto__; members added and removed), jumped by
# this script between batches, keeping 40 steps. Every state a page can show must equal the
# app's own, printed as it went: on a page open from the start (every step, as it arrived) and
# on one opened at the end (a snapshot whose window starts after step 0).
rapp = subprocess.Popen([bench, "--serve-random-session", "--keeping", "40"], stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=app_env, text=True)
rurl = None
for line in rapp.stderr:
    if line.startswith("Loop inspector: "):
        rurl = line.split(": ", 1)[1].strip()
        break
expected = []


def read_states():
    while True:
        line = rapp.stdout.readline()
        if line.strip() == "ok" or not line:
            return
        expected.append(json.loads(line))


read_states()  # the initial state: step 0
driver.get("about:blank")
driver.get(rurl)
wait("+document.body.dataset.snapshots >= 1", "the random session's page connects")
rng = random.Random(11)
jumps = 0
for batch in range(16):
    rapp.stdin.write("send %d\n" % rng.randint(20, 70))
    rapp.stdin.flush()
    read_states()
    last = len(expected) - 1
    base = 0 if last < 80 else (last // 40 - 1) * 40
    target = rng.randint(base, last)
    body = json.dumps({"jump": target}).encode()
    request = urllib.request.Request(rurl.replace("/?", "/control?"), data=body, method="POST")
    answer = json.loads(urllib.request.urlopen(request, timeout=60).read())
    check(answer == {"jumped": target}, "jump to #%d answered" % target)
    expected.append(expected[target])
    jumps += 1
last = len(expected) - 1


def page_states():
    """Every state the page can show, by number: forward, then backward, then in a random order."""
    # NB: Compared as canonical JSON (keys sorted): an object's key order is not its value.
    # NB: In batches of 50 moves, so no one script runs long on a slow machine.
    base, steps = driver.execute_script("return [window.loopInspector.base, window.loopInspector.steps]")
    numbers = list(range(base, base + steps + 1))
    passes = [("forward", numbers), ("backward", numbers[::-1]),
              ("by jumps", sorted(numbers, key=lambda n: (n * 7919) % 104729))]
    out = {}
    for name, order in passes:
        for start in range(0, len(order), 50):
            batch = order[start:start + 50]
            states = driver.execute_script(
                "const l = window.loopInspector, out = [];"
                "const canon = (v) => v === null || typeof v !== 'object' ? JSON.stringify(v) : Array.isArray(v) ? '[' + v.map(canon).join(',') + ']'"
                " : '{' + Object.keys(v).sort().map((k) => JSON.stringify(k) + ':' + canon(v[k])).join(',') + '}';"
                "for (const n of arguments[0]) { l.goTo(n, false); out.push(canon(l.state)); }"
                "return out;", batch)
            for n, state in zip(batch, states):
                if name == "forward":
                    out[n] = state
                elif out[n] != state:
                    out[n] = name + " differs"
    return out


def compare(what):
    began = time.time()
    states = page_states()
    print("     (%s: %d states read three ways in %.1f s)" % (what, len(states), time.time() - began))
    numbers = sorted(states)
    wrong = [n for n in numbers if states[n].endswith("differs") or json.loads(states[n]) != expected[n]]
    check(numbers and numbers[-1] == last and not wrong,
          "%s: steps #%d to #%d, every state the app's (%s)" % (what, numbers[0] if numbers else -1,
                                                             numbers[-1] if numbers else -1, wrong[:5] or "none differs"))
    return numbers


check(wait("window.loopInspector.base + window.loopInspector.steps === %d" % last, "the first page gets every step"),
      "the page open from the start receives all %d steps (%d jumps)" % (last, jumps))
first = compare("the page open from the start")
check(first and first[0] == 0, "it holds every step from the initial state")
driver.get("about:blank")
driver.get(rurl)
wait("+document.body.dataset.snapshots >= 1 && window.loopInspector.base + window.loopInspector.steps === %d" % last,
     "a later page catches up")
later = compare("a page opened at the end")
check(later and later[0] == (last // 40 - 1) * 40, "its window starts at the base the app keeps (#%s)" % (later[0] if later else "?"))
for n in range(max(later[0] if later else 0, last - 40), last + 1):
    driver.execute_script("window.loopInspector.goTo(arguments[0])", n)  # each step's detail, rendered
check(driver.execute_script("return window.__ran === undefined"), "nothing in the random session's text ran")
severe = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
check(not severe, "no error in the browser's console (random session) %s" % severe)
rapp.stdin.write("quit\n")
rapp.stdin.flush()
check(rapp.wait(timeout=60) == 0, "the random session ends when told")
driver.quit()
if failures:
    print("%d check(s) failed" % len(failures))
    sys.exit(1)
print("every inspector check passed")
