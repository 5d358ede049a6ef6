/// The inspector page's markup and JavaScript, inline in every page. The script reads the
/// session from the page's `<script id="session">` element (see `InspectorPage.write`).
enum InspectorPageScript {
  static let body = #"""
    <header>
      <h1 id="title"></h1><span class="meta" id="meta"></span>
      <input id="search" type="search" placeholder="Search actions and changes" size="24" aria-label="Search">
      <input id="case" list="cases" placeholder="Case name" size="14" aria-label="Filter by case name">
      <datalist id="cases"></datalist>
      <select id="sender" aria-label="Filter by sender">
        <option value="all">every sender</option><option value="u">the user</option>
        <option value="e">effects</option>
      </select>
      <button id="timings" type="button" aria-pressed="false">Timings</button>
      <span class="help" id="count"></span>
      <span id="live" hidden>
        <span id="live-status" role="status">connecting…</span>
        <button id="pause" type="button" aria-pressed="false">Pause app</button>
        <button id="jump" type="button" title="Set the app to the state after the step shown, cancelling its effects">Jump app here</button>
        <input id="dispatch-text" placeholder='Action as JSON, e.g. {"refresh":{}}' size="28" aria-label="Action to send, as JSON">
        <button id="dispatch" type="button">Send</button>
        <span id="control-message" role="status"></span>
      </span>
      <span class="help"><kbd>↑</kbd><kbd>↓</kbd> step · <kbd>Home</kbd><kbd>End</kbd> first, last</span>
    </header>
    <main>
      <div id="list" tabindex="0" aria-label="Actions"><div id="rows"></div></div>
      <div id="detail"></div>
    </main>
    """#

  static let javaScript = #"""
    "use strict";
    (function () {
      let data = JSON.parse(document.getElementById("session").textContent);
      // A step: [number, line, offset, origin, cause, label, cases, action, changes, reduce].
      // The page holds steps B + 1 … B + N (B > 0 when a live app keeps only its latest), and
      // `pos` is how many are applied to `state`: B (the state at B) to B + N.
      let steps = data.steps, N = steps.length, B = data.base || 0;
      const ROW = 24;
      const $ = (id) => document.getElementById(id);
      const list = $("list"), rows = $("rows"), detail = $("detail");
      let pos = B, state = copy(data.initial), filtered = steps.map((_, i) => i);
      // Live: whether the page moves to each new step (it does until the reader moves away).
      let following = true;
      const at = (n) => steps[n - B - 1];
      // The timings view: which table is sorted by which column, and which way.
      let showingTimings = false;
      const sorts = { actions: { key: "time", down: true }, effects: { key: "time", down: true } };

      function copy(v) { return v === null || typeof v !== "object" ? v : JSON.parse(JSON.stringify(v)); }
      // Everything from the log is text: `esc` makes it so in markup built as a string, and
      // the rest goes in through textContent. A key is data: written with defineProperty, so
      // "__proto__" is a key like any other, never the object's prototype.
      const ENTITIES = new Map([["&", "&amp;"], ["<", "&lt;"], [">", "&gt;"], ['"', "&quot;"], ["'", "&#39;"]]);
      function esc(s) { return String(s).replace(/[&<>"']/g, (c) => ENTITIES.get(c)); }
      function put(object, key, value) {
        Object.defineProperty(object, key, { value: value, writable: true, enumerable: true, configurable: true });
      }
      function own(object, key) { return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined; }
      function pathText(path) {
        let t = "";
        for (const k of path) {
          if (typeof k === "number") t += "[" + k + "]";
          else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(k)) t += (t ? "." : "") + k;
          else t += "[" + JSON.stringify(k) + "]";
        }
        return t || "(the whole state)";
      }
      function show(v) { return JSON.stringify(v, null, 1).replace(/\n\s*/g, " "); }

      // Moving through the session: each step's changes, applied forward or undone.
      // At an array index, a change with no value before inserts; one with none after removes.
      function setAt(root, path, box, inserting) {
        if (path.length === 0) return "v" in box ? copy(box.v) : null;
        let parent = root;
        for (let i = 0; i < path.length - 1; i++) parent = Array.isArray(parent) ? parent[path[i]] : own(parent, path[i]);
        const key = path[path.length - 1];
        if (Array.isArray(parent)) {
          if (!("v" in box)) parent.splice(key, 1);
          else if (inserting) parent.splice(key, 0, copy(box.v));
          else parent[key] = copy(box.v);
        } else if ("v" in box) put(parent, key, copy(box.v));
        else delete parent[key];
        return root;
      }
      function goTo(target, scroll) {
        target = Math.max(B, Math.min(B + N, target | 0));
        while (pos < target) { for (const c of steps[pos - B][8]) state = setAt(state, c[0], c[2], !("v" in c[1])); pos++; }
        while (pos > target) { pos--; const cs = steps[pos - B][8]; for (let i = cs.length - 1; i >= 0; i--) state = setAt(state, cs[i][0], cs[i][1], !("v" in cs[i][2])); }
        following = pos === B + N;
        history.replaceState(null, "", "#step=" + pos);
        if (scroll !== false) scrollToStep(pos);
        renderList();
        renderDetail();
      }

      // The list of actions: only the rows in view are in the page.
      function renderList() {
        rows.style.height = filtered.length * ROW + "px";
        const first = Math.max(0, Math.floor(list.scrollTop / ROW) - 5);
        const last = Math.min(filtered.length, first + Math.ceil((list.clientHeight || 800) / ROW) + 10);
        let html = "";
        const diverged = data.divergence ? data.divergence.step : -1;
        for (let k = first; k < last; k++) {
          const s = steps[filtered[k]], n = s[0];
          const from = s[3] === "u" ? "user" : s[3] === "j" ? "inspector" : s[4] != null ? "effect ← #" + s[4] : "effect";
          const scope = s[6].length > 1 ? s[6].slice(0, -1).join(" › ") : "";
          html += '<div class="row' + (n === pos ? " selected" : "") + (n === diverged ? " diverged" : "") +
            '" style="top:' + k * ROW + 'px" data-step="' + n + '" title="' + esc(s[5]) + (scope ? "\n" + esc(scope) : "") + '">' +
            '<span class="n">#' + n + '</span><span class="t">' + s[2].toFixed(3) + ' s</span>' +
            '<span class="from' + (s[3] === "e" ? " effect" : s[3] === "j" ? " inspector" : "") + '">' + esc(from) + '</span>' +
            '<span class="a">' + esc(s[5]) + "</span></div>";
        }
        rows.innerHTML = html;
        $("count").textContent = filtered.length === N ? N + " actions" : filtered.length + " of " + N + " actions";
      }
      function scrollToStep(n) {
        const k = filtered.findIndex((i) => steps[i][0] === n);
        if (k < 0) return;
        const top = k * ROW;
        if (top < list.scrollTop) list.scrollTop = top;
        else if (top + ROW > list.scrollTop + list.clientHeight) list.scrollTop = top + ROW - list.clientHeight;
      }

      // A value as a tree that folds; children are built when first opened.
      function tree(value, key, path, marks, depth) {
        const isObj = value !== null && typeof value === "object";
        const id = JSON.stringify(path);
        const mark = marks.has(id), open = marks.has("open:" + id);
        const labelled = (el) => {
          if (key === null) return;
          const span = document.createElement("span");
          span.className = "key";
          span.textContent = key;
          el.append(span, ": ");
        };
        if (!isObj) {
          const el = document.createElement("div");
          el.className = "leaf" + (mark ? " changed" : "");
          el.dataset.path = id;
          labelled(el);
          const span = document.createElement("span");
          span.className = typeof value === "string" ? "str" : typeof value === "number" ? "num" : "";
          span.textContent = JSON.stringify(value);
          el.append(span);
          return el;
        }
        const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
        const el = document.createElement("details");
        el.dataset.path = id;
        if (mark) el.className = "changed";
        const summary = document.createElement("summary");
        labelled(summary);
        summary.append(Array.isArray(value) ? "[" + entries.length + "]" : "{" + entries.length + "}");
        el.appendChild(summary);
        let built = false;
        const build = () => {
          if (built) return; built = true;
          for (const [k, v] of entries) el.appendChild(tree(v, String(k), path.concat([k]), marks, depth + 1));
        };
        el.addEventListener("toggle", build);
        if (depth < 1 || open) { el.open = true; build(); }
        return el;
      }
      function marksFor(changes) {
        const marks = new Set();
        for (const c of changes) {
          marks.add(JSON.stringify(c[0]));
          for (let i = 0; i < c[0].length; i++) marks.add("open:" + JSON.stringify(c[0].slice(0, i)));
        }
        return marks;
      }
      function stateTree(value, changes) {
        const div = document.createElement("div");
        div.className = "tree";
        div.appendChild(tree(value, null, [], marksFor(changes), 0));
        return div;
      }
      function diffList(changes) {
        if (!changes.length) return '<p class="none">No change.</p>';
        let html = '<div class="diff">';
        for (const c of changes) {
          html += '<div class="change"><div class="path">' + esc(pathText(c[0])) + "</div>" +
            ("v" in c[1] ? '<span class="old">− ' + esc(show(c[1].v)) + "</span>" : "") +
            ("v" in c[2] ? '<span class="new">+ ' + esc(show(c[2].v)) + "</span>" : "") + "</div>";
        }
        return html + "</div>";
      }
      function stepLink(n) {
        return '<a data-go="' + n + '">#' + n + "</a> <code>" + esc(at(n) ? at(n)[5] : "") + "</code>";
      }

      function renderDetail() {
        if (showingTimings) return renderTimings();
        let html = "";
        if (data.cutOffLine) {
          html += '<div class="banner" id="cut">The recording ends in the middle of line ' + data.cutOffLine +
            " (the app stopped as it wrote it): the page shows the lines before it.</div>";
        }
        const d = data.divergence;
        if (d) {
          html += '<div class="banner" id="divergence">The replay differs from the recording ' +
            (d.step === 0 ? "in its initial state" : "after " + stepLink(d.step)) + "." +
            (d.note ? " " + esc(d.note) : "") + (pos !== d.step ? ' <a data-go="' + d.step + '">Show it</a>' : "") + "</div>";
          if (pos === d.step) {
            html += '<h2>Recorded and replayed, side by side</h2><div id="compare">' + diffList(d.changes) +
              '</div><div class="side"><div><h3>Recorded</h3><div id="recorded"></div></div><div><h3>Replayed</h3><div id="replayed"></div></div></div>';
          }
        }
        if (pos === B) {
          html += B === 0 ? "<h2>Initial state</h2>" : "<h2>State after #" + B + '</h2><p class="help">The oldest step the app keeps.</p>';
        } else {
          const s = at(pos);
          html += '<h2>Action #' + s[0] + '</h2><div class="action" id="action">' + esc(s[5]) + "</div>";
          html += '<p class="sender" id="from">' + (s[3] === "u" ? "Sent by the user (the app, from outside the store)" :
            s[3] === "j" ? "A jump made from the inspector: the app was set to the state after " + stepLink(s[7].jump) + ", its running effects cancelled" :
            s[4] != null ? "Sent by an effect that " + stepLink(s[4]) + " started" : "Sent by an effect") +
            (s[6].length > 1 ? " · cases " + esc(s[6].join(" › ")) : "") +
            ' · line ' + s[1] + " · " + s[2].toFixed(3) + " s" +
            (s[9] != null ? '<span id="reduce-time"> · reduced in ' + duration(s[9]) + "</span>" : "") + "</p>";
          html += "<h2>What it changed</h2>";
          html += data.hasStates ? '<div id="diff">' + diffList(s[8]) + "</div>" : '<p class="none" id="diff">This log holds no states.</p>';
        }
        html += '<h2>Effects</h2><div id="effects">' + effectsHTML() + "</div>";
        html += "<h2>" + (pos === 0 ? "State" : "State after #" + pos) + '</h2><div id="state"></div>';
        detail.innerHTML = html;
        if (data.hasStates) $("state").appendChild(stateTree(state, pos > B ? at(pos)[8] : []));
        else $("state").innerHTML = '<p class="none">This log holds no states.</p>';
        if (d && pos === d.step) {
          $("recorded").appendChild(stateTree(d.recorded, d.changes));
          $("replayed").appendChild(stateTree(d.replayed, d.changes));
        }
      }
      function effectsHTML() {
        const t = pos > B ? at(pos)[2] : 0;
        const started = [], running = [];
        for (const e of data.effects) {
          if (pos > 0 && e[1] === pos) started.push(e);
          else if (e[1] < pos && (e[3] === null || e[3] > t) && running.length < 50) running.push(e);
        }
        if (!data.effects.length) return '<p class="none">No effect was recorded' + (data.version < 2 ? " (a log of format " + data.version + " records none)." : ".") + "</p>";
        const row = (e, mine) => "<tr" + (mine ? ' class="mine"' : "") + "><td>effect " + e[0] + "</td><td>started by " + stepLink(e[1]) +
          " at " + e[2].toFixed(3) + " s</td><td>" + (e[4] === null ? "still running when the log ends" : esc(e[4]) + " at " + e[3].toFixed(3) + " s") + "</td></tr>";
        let html = "";
        html += started.length ? '<table class="effects" id="started">' + started.map((e) => row(e, true)).join("") + "</table>"
          : '<p class="none">' + (pos > 0 ? "This action started no effect." : "") + "</p>";
        if (running.length) html += '<p class="help">Still running after this step:</p><table class="effects">' + running.map((e) => row(e, false)).join("") + "</table>";
        return html;
      }

      // Timings: the slowest reduces and the longest effects, each table sorted by a column.
      function duration(seconds) {
        if (seconds < 1e-3) return (seconds * 1e6).toFixed(1) + " µs";
        if (seconds < 1) return (seconds * 1e3).toFixed(2) + " ms";
        return seconds.toFixed(3) + " s";
      }
      function sorted(list, sort, value) {
        const sign = sort.down ? -1 : 1;
        return list.slice().sort((a, b) => { const x = value(a, sort.key), y = value(b, sort.key); return x < y ? -sign : x > y ? sign : 0; });
      }
      function header(table, key, text) {
        const sort = sorts[table], on = sort.key === key;
        return '<th><button type="button" data-sort="' + table + " " + key + '" aria-sort="' +
          (on ? (sort.down ? "descending" : "ascending") : "none") + '">' + text + (on ? (sort.down ? " ▾" : " ▴") : "") + "</button></th>";
      }
      function renderTimings() {
        const end = N > 0 ? steps[N - 1][2] : 0;
        const timed = steps.filter((s) => s[9] != null);
        let html = "<h2>Slowest actions</h2>";
        if (!timed.length) {
          html += '<p class="none" id="slowest">This log holds no reduce times (it was recorded before they were).</p>';
        } else {
          const rows = sorted(timed, sorts.actions, (s, key) => key === "time" ? s[9] : key === "step" ? s[0] : s[5]).slice(0, 200);
          html += '<table class="timings" id="slowest"><tr>' + header("actions", "step", "Step") + header("actions", "name", "Action") +
            header("actions", "time", "Reduce") + "</tr>" + rows.map((s) => '<tr data-go="' + s[0] + '"><td>#' + s[0] +
            "</td><td><code>" + esc(s[5]) + "</code></td><td>" + duration(s[9]) + "</td></tr>").join("") + "</table>";
          if (timed.length > rows.length) html += '<p class="help">The first ' + rows.length + " of " + timed.length + ".</p>";
        }
        html += "<h2>Longest effects</h2>";
        if (!data.effects.length) {
          html += '<p class="none" id="longest">No effect was recorded.</p>';
        } else {
          const took = (e) => (e[3] === null ? end : e[3]) - e[2];
          const rows = sorted(data.effects, sorts.effects, (e, key) => key === "time" ? took(e) : key === "effect" ? e[0] : e[1]).slice(0, 200);
          html += '<table class="timings" id="longest"><tr>' + header("effects", "effect", "Effect") + header("effects", "cause", "Started by") +
            header("effects", "time", "Ran for") + "<th>Ended</th></tr>" + rows.map((e) => '<tr data-go="' + e[1] + '"><td>effect ' + e[0] +
            "</td><td>#" + e[1] + " <code>" + esc(at(e[1]) ? at(e[1])[5] : "") + "</code></td><td>" + duration(took(e)) +
            (e[3] === null ? " so far" : "") + "</td><td>" + (e[4] === null ? "still running when the log ends" : esc(e[4])) + "</td></tr>").join("") + "</table>";
          if (data.effects.length > rows.length) html += '<p class="help">The first ' + rows.length + " of " + data.effects.length + ".</p>";
        }
        detail.innerHTML = html;
      }
      function setTimings(on) {
        showingTimings = on;
        $("timings").setAttribute("aria-pressed", String(on));
      }
      function showTimings(on) { setTimings(on); renderDetail(); }

      // Filters and search.
      function applyFilters() {
        const q = $("search").value.trim().toLowerCase(), c = $("case").value.trim(), who = $("sender").value;
        filtered = [];
        for (let i = 0; i < N; i++) if (passes(steps[i], q, c, who)) filtered.push(i);
        renderList();
      }
      function passes(s, q, c, who) {
        if (who !== "all" && s[3] !== who) return false;
        if (c && !s[6].includes(c)) return false;
        return !q || s[5].toLowerCase().includes(q) || JSON.stringify(s[8]).toLowerCase().includes(q);
      }
      function nextInList(direction) {
        if (!filtered.length) return;
        if (direction > 0) { const i = filtered.find((i) => steps[i][0] > pos); if (i !== undefined) goTo(steps[i][0]); }
        else { let prev; for (const i of filtered) { if (steps[i][0] < pos) prev = i; else break; } if (prev !== undefined) goTo(steps[prev][0]); else if (filtered.length === N) goTo(B); }
      }

      $("title").textContent = data.name || data.file;
      function renderMeta() {
        $("meta").textContent = (data.live ? "live" : data.file) + " · " + N + " actions · " + data.effects.length + " effects · format " + data.version;
      }
      const names = new Set();
      function addNames(s) { for (const n of s[6]) if (!names.has(n)) { names.add(n); return true; } return false; }
      function renderNames() { $("cases").innerHTML = [...names].sort().map((n) => '<option value="' + esc(n) + '">').join(""); }
      for (const s of steps) addNames(s);
      renderMeta();
      renderNames();
      for (const id of ["search", "case", "sender"]) {
        $(id).addEventListener("input", applyFilters);
        $(id).addEventListener("change", applyFilters);
      }
      list.addEventListener("scroll", renderList);
      rows.addEventListener("click", (e) => { const r = e.target.closest(".row"); if (r) goTo(+r.dataset.step, false); });
      detail.addEventListener("click", (e) => {
        const sort = e.target.closest("[data-sort]");
        if (sort) {
          const [table, key] = sort.dataset.sort.split(" ");
          sorts[table] = { key: key, down: sorts[table].key === key ? !sorts[table].down : key === "time" };
          return renderTimings();
        }
        const a = e.target.closest("[data-go]");
        if (a) { setTimings(false); goTo(+a.dataset.go); }
      });
      $("timings").addEventListener("click", () => showTimings(!showingTimings));
      document.addEventListener("keydown", (e) => {
        if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
        if (e.key === "ArrowDown" || e.key === "ArrowRight" || e.key === "j") nextInList(1);
        else if (e.key === "ArrowUp" || e.key === "ArrowLeft" || e.key === "k") nextInList(-1);
        else if (e.key === "Home") goTo(filtered.length === N ? B : steps[filtered[0]][0]);
        else if (e.key === "End") goTo(filtered.length ? steps[filtered[filtered.length - 1]][0] : B + N);
        else return;
        e.preventDefault();
      });
      function fromHash() {
        const m = /step=(\d+)/.exec(location.hash);
        return m ? +m[1] : null;
      }
      window.addEventListener("hashchange", () => { const n = fromHash(); if (n !== null && n !== pos) goTo(n); });
      const start = fromHash();
      goTo(start !== null ? start : data.divergence ? data.divergence.step : Math.min(1, N));
      window.loopInspector = { goTo: goTo, showTimings: showTimings, get position() { return pos; }, get state() { return state; }, get steps() { return N; }, get base() { return B; } };
      if (data.live) live();

      /* live */
      document.body.dataset.ready = "true";
      document.body.dataset.firstScreenMs = String(Math.round(performance.now()));
    })();
    """#

  /// The page's live part, only in a live inspector's page (`InspectorPage.livePage`), put in
  /// the script where it says `/* live */`: a page made of a file has no code that reaches a
  /// network.
  static let liveJavaScript = #"""
      // A running app: the page reads the session as server-sent events — a snapshot, then
      // each step and effect as it happens — and sends the app commands. The page follows the
      // newest step unless the reader moved away from it.
      function live() {
        $("live").hidden = false;
        const query = location.search;
        let dirty = false;
        function render() {
          if (dirty) return;
          dirty = true;
          requestAnimationFrame(() => { dirty = false; renderMeta(); if (following) goTo(B + N); else renderList(); });
        }
        function setPaused(paused) {
          data.paused = paused;
          $("pause").textContent = paused ? "Resume app" : "Pause app";
          $("pause").setAttribute("aria-pressed", String(paused));
          document.body.dataset.paused = String(paused);
        }
        function message(text, isError) {
          $("control-message").textContent = text;
          $("control-message").className = isError ? "error" : "";
        }
        // Resolves to the app's answer, or to null once the refusal is shown.
        function command(body) {
          return fetch("control" + query, { method: "POST", body: JSON.stringify(body) })
            .then((r) => r.json().then((json) => { if (!r.ok) throw new Error(json.error || "refused"); return json; }))
            .catch((error) => { message(String(error.message || error), true); return null; });
        }
        const source = new EventSource("events" + query);
        source.onopen = () => { $("live-status").textContent = "live"; document.body.dataset.live = "open"; };
        source.onerror = () => { $("live-status").textContent = "reconnecting…"; document.body.dataset.live = "reconnecting"; };
        source.addEventListener("snapshot", (e) => {
          const was = pos;
          data = JSON.parse(e.data);
          steps = data.steps; N = steps.length; B = data.base || 0;
          pos = B; state = copy(data.initial);
          names.clear(); for (const s of steps) addNames(s);
          renderNames();
          setPaused(!!data.paused);
          for (const p of data.problems || []) message(p, true);
          applyFilters();
          renderMeta();
          goTo(following || was > B + N ? B + N : Math.max(B, was));
          document.body.dataset.snapshots = String((+document.body.dataset.snapshots || 0) + 1);
        });
        source.addEventListener("step", (e) => {
          const s = JSON.parse(e.data);
          steps.push(s); N++;
          if (addNames(s)) renderNames();
          const q = $("search").value.trim().toLowerCase(), c = $("case").value.trim(), who = $("sender").value;
          if (passes(s, q, c, who)) filtered.push(N - 1);
          render();
        });
        source.addEventListener("effect", (e) => {
          const effect = JSON.parse(e.data);
          const i = data.effects.findIndex((x) => x[0] === effect[0]);
          if (i >= 0) data.effects[i] = effect; else data.effects.push(effect);
          render();
        });
        source.addEventListener("paused", (e) => setPaused(JSON.parse(e.data)));
        source.addEventListener("missed", (e) => {
          message("This page fell behind and missed " + JSON.parse(e.data).missed + " events; it was brought up to date.", true);
        });
        source.addEventListener("problem", (e) => message(JSON.parse(e.data), true));
        $("pause").addEventListener("click", () => command({ pause: !data.paused }).then((r) => { if (!r) return; setPaused(r.paused); message(r.paused ? "Paused: the app's actions wait." : "Resumed."); }));
        $("jump").addEventListener("click", () => { following = true; command({ jump: pos }).then((r) => r && message("The app jumped to #" + r.jumped + ".")); });
        function dispatch() {
          let action;
          try { action = JSON.parse($("dispatch-text").value); } catch (error) { return message("Not JSON: " + error.message, true); }
          following = true;
          command({ dispatch: action }).then((r) => r && message(r.paused ? "Sent; it waits until you resume the app." : "Sent."));
        }
        $("dispatch").addEventListener("click", dispatch);
        $("dispatch-text").addEventListener("keydown", (e) => { if (e.key === "Enter") dispatch(); });
      }
    """#
}
