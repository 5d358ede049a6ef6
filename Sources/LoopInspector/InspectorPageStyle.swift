/// The inspector page's CSS, inline in every page.
enum InspectorPageStyle {
  static let css = #"""
    :root { --bg: #fff; --fg: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7; --sel: #e8f0fe;
      --add: #e6f4ea; --addfg: #137333; --del: #fce8e6; --delfg: #a50e0e; --accent: #1a73e8;
      --warn: #fef7e0; font: 13px/1.4 -apple-system, "Segoe UI", system-ui, sans-serif; }
    * { box-sizing: border-box; }
    body { margin: 0; color: var(--fg); background: var(--bg); height: 100vh; display: flex;
      flex-direction: column; }
    header { padding: 8px 12px; border-bottom: 1px solid var(--line); display: flex; gap: 12px;
      align-items: center; flex-wrap: wrap; }
    header h1 { font-size: 15px; margin: 0; }
    header .meta { color: var(--muted); }
    header input, header select { font: inherit; padding: 3px 6px; }
    main { flex: 1; display: flex; min-height: 0; }
    #list { width: 46%; min-width: 320px; border-right: 1px solid var(--line); overflow-y: auto;
      position: relative; outline: none; }
    #rows { position: relative; }
    .row { position: absolute; left: 0; right: 0; height: 24px; display: flex; gap: 8px;
      align-items: center; padding: 0 8px; white-space: nowrap; cursor: pointer;
      border-bottom: 1px solid #f2f2f2; font-family: ui-monospace, Menlo, monospace; font-size: 12px; }
    .row:hover { background: #f5f5f7; }
    .row.selected { background: var(--sel); }
    .row.diverged { background: var(--warn); }
    .row .n { color: var(--muted); width: 56px; text-align: right; flex: none; }
    .row .t { color: var(--muted); width: 72px; text-align: right; flex: none; }
    .row .from { width: 96px; flex: none; color: var(--muted); overflow: hidden; text-overflow: ellipsis; }
    .row .from.effect { color: #8430ce; }
    .row .a { overflow: hidden; text-overflow: ellipsis; flex: 1; }
    #detail { flex: 1; overflow-y: auto; padding: 10px 14px; min-width: 0; }
    #detail h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted);
      margin: 16px 0 6px; }
    #detail h2:first-child { margin-top: 0; }
    .action { font-family: ui-monospace, Menlo, monospace; font-size: 13px; word-break: break-all; }
    .sender a, .effects a, .banner a { color: var(--accent); cursor: pointer; text-decoration: underline; }
    .diff { font-family: ui-monospace, Menlo, monospace; font-size: 12px; border: 1px solid var(--line);
      border-radius: 6px; overflow: hidden; }
    .diff .change { padding: 4px 8px; border-bottom: 1px solid #eee; }
    .diff .change:last-child { border-bottom: 0; }
    .diff .path { font-weight: 600; }
    .diff .old { background: var(--del); color: var(--delfg); display: block; white-space: pre-wrap;
      word-break: break-all; }
    .diff .new { background: var(--add); color: var(--addfg); display: block; white-space: pre-wrap;
      word-break: break-all; }
    .none { color: var(--muted); font-style: italic; }
    .tree { font-family: ui-monospace, Menlo, monospace; font-size: 12px; }
    .tree details { margin-left: 14px; }
    .tree > details { margin-left: 0; }
    .tree summary { cursor: pointer; }
    .tree .leaf { margin-left: 28px; white-space: pre-wrap; word-break: break-all; }
    .tree .key { color: #8430ce; }
    .tree .str { color: #137333; }
    .tree .num { color: #1a73e8; }
    .tree .changed > summary, .tree .leaf.changed { background: var(--add); }
    .effects { border-collapse: collapse; width: 100%; font-size: 12px; }
    .effects td, .effects th { text-align: left; padding: 3px 6px; border-bottom: 1px solid #eee; }
    .effects tr.mine { background: var(--sel); }
    .timings { border-collapse: collapse; width: 100%; font-size: 12px; }
    .timings td, .timings th { text-align: left; padding: 3px 6px; border-bottom: 1px solid #eee; }
    .timings tr[data-go] { cursor: pointer; }
    .timings tr[data-go]:hover { background: var(--sel); }
    .timings th { white-space: nowrap; }
    .timings th button { font: inherit; font-weight: 600; border: 0; background: none; cursor: pointer; padding: 0; }
    #timings[aria-pressed="true"] { background: var(--sel); }
    .banner { background: var(--warn); border: 1px solid #f9ab00; border-radius: 6px; padding: 8px 10px;
      margin-bottom: 10px; }
    .side { display: flex; gap: 10px; }
    .side > div { flex: 1; min-width: 0; border: 1px solid var(--line); border-radius: 6px; padding: 6px; }
    .side h3 { margin: 0 0 4px; font-size: 12px; }
    .help { color: var(--muted); font-size: 12px; }
    kbd { border: 1px solid var(--line); border-radius: 3px; padding: 0 4px; font-size: 11px; }
    #live { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
    #live[hidden] { display: none; }
    #live-status { color: var(--addfg); font-weight: 600; }
    body[data-live="reconnecting"] #live-status { color: var(--delfg); }
    #pause[aria-pressed="true"] { background: var(--warn); }
    #control-message { color: var(--muted); }
    #control-message.error { color: var(--delfg); }
    .row .from.inspector { color: var(--accent); }
    """#
}
