//! `slam check --html`: one self-contained HTML page (inline CSS and JS, no network) that
//! shows the verdict, the rule's message and, for a violation, the error trace over the C
//! source: the lines of the path highlighted in order, the call nesting as a collapsible tree
//! (calls the trace steps over stay collapsed, as in Bebop's hierarchical traces) and the
//! values of the variables at each step. For SAFE: the predicates that proved it, per
//! procedure. [`index`] is the page that links the pages of a whole-codebase run.
//!
//! The page selects the step given by `#step=N` on load by clicking it (the same handler a
//! person's click runs), which is how the browser test drives it.

use super::Context;
use cminus::{Program, StmtKind};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Escape text for HTML element content and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// JSON inside `<script>`: no `</script>` or `<!--` can end the element early.
fn script_json<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|_| "null".into()).replace('<', "\\u003c").replace('>', "\\u003e")
}

/// One displayed step: consecutive C-- steps on the same line, function and depth.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ViewStep {
    pub file: u32,
    pub line: u32,
    pub col: u32,
    pub function: String,
    pub depth: usize,
    /// The procedure this step calls, when the next steps run inside it.
    pub calls: Option<String>,
    pub values: Vec<(String, i128, bool)>,
    /// How each value reads (aligned with `values`): a rule state by name, flags and codes
    /// in hex as well ([`crate::RuleInfo::show_value`]).
    pub shown: Vec<String>,
}

use cminus::names::is_temp;

/// Group a counterexample's C-- steps into the steps a person reads.
pub fn view_steps(prog: &Program, cex: &newton::Counterexample) -> Vec<ViewStep> {
    let mut out: Vec<ViewStep> = Vec::new();
    let n = cex.steps.len();
    for (k, s) in cex.steps.iter().enumerate() {
        let values: Vec<(String, i128, bool)> = s
            .values
            .iter()
            .map(|v| (v.name.clone(), v.value, v.written))
            .filter(|(name, _, _)| !is_temp(name))
            .collect();
        let shown: Vec<String> = values.iter().map(|(_, v, _)| crate::show_number(*v)).collect();
        let enters = k + 1 < n && cex.steps[k + 1].depth > s.depth;
        let calls = match prog.stmt_ref(s.stmt).map(|st| &st.kind) {
            Some(StmtKind::Call { callee, .. }) if enters => Some(callee.clone()),
            _ => None,
        };
        if let Some(last) = out.last_mut() {
            let same = last.file == s.loc.file
                && last.line == s.loc.line
                && last.function == s.proc
                && last.depth == s.depth
                && last.calls.is_none();
            if same {
                for (v, sh) in values.into_iter().zip(shown) {
                    if !last.values.contains(&v) {
                        last.values.push(v);
                        last.shown.push(sh);
                    }
                }
                last.calls = calls;
                continue;
            }
        }
        out.push(ViewStep {
            file: s.loc.file,
            line: s.loc.line,
            col: s.loc.col,
            function: s.proc.clone(),
            depth: s.depth,
            calls,
            values,
            shown,
        });
    }
    out
}

const CSS: &str = r#"
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2328;background:#f6f8fa}
header{padding:14px 20px;background:#fff;border-bottom:1px solid #d0d7de}
h1{font-size:20px;margin:0 0 6px}
h2{font-size:15px;margin:18px 0 8px}
.badge{display:inline-block;padding:2px 10px;border-radius:12px;font-weight:700;color:#fff;margin-right:8px;font-size:14px}
.SAFE{background:#1a7f37}.VIOLATION{background:#cf222e}.UNKNOWN{background:#9a6700}
.msg{font-size:16px;font-weight:600}
.meta{color:#57606a;font-size:13px;margin-top:4px}
code,.src,.tree{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px}
main{display:flex;gap:0;height:calc(100vh - 112px);min-height:420px}
.step{white-space:nowrap}.step .vals{display:block;white-space:normal}.v{white-space:nowrap}
.ghosts{font-size:13px;margin:0 0 8px;padding-left:18px}
#source .src{display:block}
#source #sources{max-height:75vh;border:1px solid #d0d7de}
.ln.inv{background:#dafbe1}
#trace{width:42%;overflow:auto;position:relative;padding:10px 14px;background:#fff;border-right:1px solid #d0d7de}
#right{flex:1;display:flex;flex-direction:column;min-width:0}
#srcbar{padding:6px 12px;background:#eaeef2;border-bottom:1px solid #d0d7de;font-size:13px}
#srcbar button{font:inherit;margin-right:4px;border:1px solid #afb8c1;background:#fff;border-radius:4px;padding:1px 8px;cursor:pointer}
#srcbar button.on{background:#0969da;color:#fff;border-color:#0969da}
#sources{flex:1;overflow:auto;background:#fff;position:relative}
#vars{height:160px;overflow:auto;border-top:1px solid #d0d7de;background:#fff;padding:6px 12px;font-size:13px}
.src{display:none;padding:4px 0}.src.shown{display:block}
.ln{display:flex;white-space:pre;min-height:19px}
.ln .no{width:52px;text-align:right;padding-right:10px;color:#8c959f;user-select:none;flex:none}
.ln .bd{width:70px;flex:none;color:#8250df;font-size:11px;overflow:hidden;text-overflow:ellipsis}
.ln.onpath{background:#fff8c5}
.ln.onpath .no{color:#1f2328;font-weight:600}
.ln.current{background:#ffd8b5;outline:2px solid #fb8f44}
.ln.errline .no{color:#cf222e}
.tree ul{list-style:none;margin:0;padding-left:18px}
.tree>ul{padding-left:0}
.tree li{margin:1px 0}
.step{cursor:pointer;padding:1px 4px;border-radius:4px;display:inline-block;vertical-align:top}
.step:hover{background:#eaeef2}
.step.sel{background:#0969da;color:#fff}
.step .n{color:#8c959f;display:inline-block;min-width:2.5em}
.step.sel .n{color:#dbe9ff}
.step .vals{color:#8250df;margin-left:2.5em}
.step.sel .vals{color:#fff}
.step .where{color:#57606a;margin-left:6px;font-size:12px}
.step.sel .where{color:#dbe9ff}
.step.err{font-weight:700}
details>summary{cursor:pointer;white-space:nowrap}
details>summary::marker{color:#57606a}
table{border-collapse:collapse;background:#fff;font-size:13px}
th,td{border:1px solid #d0d7de;padding:3px 8px;text-align:left}
th{background:#f6f8fa}
td.num{text-align:right;font-variant-numeric:tabular-nums}
section{padding:4px 20px 16px}
.written{font-weight:700}
.muted{color:#57606a}
.hint{color:#57606a;font-size:12px;margin:0 0 6px}
"#;

const JS: &str = r#"
(function(){
  var STEPS = JSON.parse(document.getElementById('steps-data').textContent);
  var FILES = JSON.parse(document.getElementById('files-data').textContent);
  var GHOSTS = JSON.parse(document.getElementById('ghosts-data').textContent);
  function fit(){
    var m = document.querySelector('main'), h = document.querySelector('header');
    if(m && h){ m.style.height = Math.max(420, window.innerHeight - h.offsetHeight) + 'px'; }
  }
  fit(); window.addEventListener('resize', fit);
  var current = -1;
  function showFile(f){
    document.querySelectorAll('.src').forEach(function(e){e.classList.toggle('shown', e.dataset.file==String(f));});
    document.querySelectorAll('#srcbar button').forEach(function(b){b.classList.toggle('on', b.dataset.file==String(f));});
  }
  function openAncestors(el){
    for(var p=el.parentElement;p;p=p.parentElement){ if(p.tagName==='DETAILS'){p.open=true;} }
  }
  function renderVars(i){
    var known = {}, order = [];
    for(var k=0;k<=i;k++){ STEPS[k].values.forEach(function(v, j){ if(!(v[0] in known)){order.push(v[0]);} known[v[0]]=STEPS[k].shown[j]; }); }
    var here = {}; STEPS[i].values.forEach(function(v){ here[v[0]] = v[2] ? 'written' : 'read'; });
    var s = STEPS[i];
    var h = '<b>Step '+(i+1)+'</b> of '+STEPS.length+' &mdash; '+esc(FILES[s.file]||'?')+':'+s.line+' in <code>'+esc(s.function)+'</code>';
    if(order.length===0){ h += '<div class="muted">No variable values up to this step.</div>'; }
    else {
      h += '<table><tr><th>variable</th><th>value</th><th>at this step</th><th>meaning</th></tr>';
      order.forEach(function(n){ h += '<tr><td><code>'+esc(n)+'</code></td><td class="num'+(here[n]==='written'?' written':'')+'">'+esc(known[n])+'</td><td class="muted">'+(here[n]||'')+'</td><td class="muted">'+esc(GHOSTS[n]||'')+'</td></tr>'; });
      h += '</table>';
    }
    document.getElementById('vars').innerHTML = h;
  }
  function esc(t){ return String(t).replace(/[&<>"']/g, function(c){ return {'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'}[c]; }); }
  function scrollInto(box, el){
    var top = 0; for(var e=el; e && e!==box; e=e.offsetParent){ top += e.offsetTop; }
    box.scrollTop = Math.max(0, top - box.clientHeight/2);
  }
  function select(i, scroll){
    if(i<0||i>=STEPS.length) return;
    var old = document.querySelector('.step.sel'); if(old) old.classList.remove('sel');
    document.querySelectorAll('.ln.current').forEach(function(e){e.classList.remove('current');});
    var el = document.querySelector('.step[data-step="'+i+'"]');
    if(el){ el.classList.add('sel'); openAncestors(el); if(scroll) scrollInto(document.getElementById('trace'), el); }
    var s = STEPS[i];
    showFile(s.file);
    var line = document.getElementById('L'+s.file+'-'+s.line);
    if(line){ line.classList.add('current'); scrollInto(document.getElementById('sources'), line); }
    current = i;
    document.body.dataset.selectedStep = String(i);
    document.body.dataset.selectedLine = s.file+':'+s.line;
    renderVars(i);
    if(history.replaceState) history.replaceState(null, '', '#step='+i);
  }
  document.querySelectorAll('.step').forEach(function(el){
    el.addEventListener('click', function(e){ e.preventDefault(); e.stopPropagation(); select(+el.dataset.step, false); });
  });
  document.querySelectorAll('#srcbar button').forEach(function(b){
    b.addEventListener('click', function(){ showFile(b.dataset.file); });
  });
  document.addEventListener('keydown', function(e){
    if(e.key==='ArrowDown'||e.key==='j'){ select(current+1, true); e.preventDefault(); }
    if(e.key==='ArrowUp'||e.key==='k'){ select(current-1, true); e.preventDefault(); }
  });
  var m = /step=(\d+)/.exec(location.hash);
  var start = m ? +m[1] : STEPS.length-1;
  var target = document.querySelector('.step[data-step="'+start+'"]');
  if(target){ target.click(); }
})();
"#;

fn page(title: &str, body: &str, script: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{CSS}</style>\n</head>\n<body>\n{body}{script}</body>\n</html>\n",
        esc(title)
    )
}

fn verdict_name(v: engine::Verdict) -> &'static str {
    match v {
        engine::Verdict::Safe => "SAFE",
        engine::Verdict::Violation => "VIOLATION",
        engine::Verdict::Unknown => "UNKNOWN",
    }
}

/// A step's values, each one unbreakable (`x := 3`), a rule's variable with its meaning as
/// a tooltip.
fn values_html(step: &ViewStep, info: &crate::RuleInfo) -> String {
    step.values
        .iter()
        .zip(&step.shown)
        .map(|((n, _, w), shown)| {
            let title = info.ghost(n).map(|g| format!(" title=\"{}\"", esc(&g.meaning))).unwrap_or_default();
            let op = if *w { ":=" } else { "=" };
            format!("<span class=\"v\"{title}>{} {op} {}</span>", esc(n), esc(shown))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn source_line(sources: &[Option<String>], file: u32, line: u32) -> &str {
    sources
        .get(file as usize)
        .and_then(|s| s.as_deref())
        .and_then(|t| t.lines().nth((line as usize).saturating_sub(1)))
        .map(str::trim)
        .unwrap_or("")
}

/// The call tree: steps at `depth` from `*i`; a call step owns the deeper steps after it.
fn tree(out: &mut String, steps: &[ViewStep], i: &mut usize, depth: usize, files: &[String], page: &PageData) {
    let (sources, info) = (page.sources, page.info);
    out.push_str("<ul>");
    let last = steps.len().saturating_sub(1);
    while *i < steps.len() && steps[*i].depth >= depth {
        let k = *i;
        let s = &steps[k];
        let mut text = source_line(sources, s.file, s.line).to_string();
        if text.chars().count() > 70 {
            text = text.chars().take(67).collect::<String>() + "...";
        }
        if text.is_empty() {
            text = format!("({})", s.function);
        }
        let vals = values_html(s, info);
        let file = files.get(s.file as usize).map(|f| short_name(f)).unwrap_or("?");
        let label = format!(
            "<span class=\"step{}\" data-step=\"{k}\" title=\"{}:{} in {}\"><span class=\"n\">{}</span><span class=\"code\">{}</span><span class=\"where\">{}:{}</span>{}</span>",
            if k == last { " err" } else { "" },
            esc(file),
            s.line,
            esc(&s.function),
            k + 1,
            esc(&text),
            esc(file),
            s.line,
            if vals.is_empty() { String::new() } else { format!("<span class=\"vals\">{vals}</span>") }
        );
        *i += 1;
        if *i < steps.len() && steps[*i].depth > s.depth {
            // The call's body: open only if the trace ends inside it.
            let start = *i;
            let mut end = start;
            while end < steps.len() && steps[end].depth > s.depth {
                end += 1;
            }
            let open = end == steps.len();
            let _ = write!(
                out,
                "<li><details{}><summary>{label} <span class=\"muted\">&rarr; {}</span></summary>",
                if open { " open" } else { "" },
                esc(s.calls.as_deref().unwrap_or("call"))
            );
            tree(out, steps, i, s.depth + 1, files, page);
            out.push_str("</details></li>");
        } else {
            let _ = write!(out, "<li>{label}</li>");
        }
    }
    out.push_str("</ul>");
}

/// What the tree and the panes need besides the steps.
struct PageData<'a> {
    sources: &'a [Option<String>],
    info: &'a crate::RuleInfo,
}

fn short_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// What a SAFE verdict proves, in words: the rule's description, or the unreachability of the
/// error (label).
fn proved(ctx: &Context) -> String {
    match (&ctx.rule, &ctx.rule_info.description, &ctx.error_label) {
        (Some(_), Some(d), _) => d.clone(),
        (Some(r), None, _) => format!("no run breaks the rule {r}."),
        (None, _, Some(l)) => format!("the label {l} is unreachable."),
        (None, _, None) => crate::UNREACH_CALL_DESCRIPTION.to_string(),
    }
}

fn header(o: &engine::Outcome, ctx: &Context, title: &str) -> String {
    let v = verdict_name(o.verdict);
    let what = match (&ctx.rule, &ctx.rule_info.description) {
        (Some(r), Some(d)) => format!("rule <code>{}</code> <span id=\"rule-description\">({})</span>", esc(r), esc(d)),
        (Some(r), None) => format!("rule <code>{}</code>", esc(r)),
        (None, _) => match &ctx.error_label {
            Some(l) => format!("reachability of the label <code>{}</code>", esc(l)),
            None => "reachability of error statements".into(),
        },
    };
    let msg = match o.verdict {
        engine::Verdict::Safe => format!("The property holds: {}", proved(ctx)),
        engine::Verdict::Violation => o.detail.clone(),
        engine::Verdict::Unknown => format!("{:?}: {}", o.reason, o.detail),
    };
    let confirmation = match &ctx.confirmation {
        Some(c) => format!("<div class=\"meta\" id=\"confirmation\">Confirmation: {}</div>", esc(&c.summary())),
        None => String::new(),
    };
    format!(
        "<header><h1>{}</h1><div><span class=\"badge {v}\" id=\"verdict\">{v}</span><span class=\"msg\" id=\"message\">{}</span></div>\
         <div class=\"meta\">{what} &middot; files {} &middot; entry <code>{}</code> &middot; {} iterations, {} predicates, {:.2} s &middot; {} / {} / {}</div>{confirmation}</header>\n",
        esc(title),
        esc(&msg),
        esc(&ctx.files.join(", ")),
        esc(&ctx.entry),
        o.iterations.len(),
        o.predicates.len(),
        o.time_secs,
        esc(&o.strategies.abstraction),
        esc(&o.strategies.checker),
        esc(&o.strategies.refiner),
    )
}

fn predicates_html(o: &engine::Outcome) -> String {
    let mut by_scope: BTreeMap<String, Vec<&engine::PredInfo>> = BTreeMap::new();
    let (shown, hidden) = super::shown_predicates(o);
    for p in shown {
        by_scope.entry(p.scope.clone().unwrap_or_default()).or_default().push(p);
    }
    let mut out = String::from("<section id=\"predicates\"><h2>Predicates</h2>");
    if o.verdict == engine::Verdict::Safe {
        out.push_str(
            "<p class=\"hint\">The boolean program over these predicates has no reachable error: \
             they prove the property.</p>",
        );
    }
    if by_scope.is_empty() && hidden == 0 {
        out.push_str("<p class=\"muted\">No predicates were needed.</p>");
    }
    if hidden > 0 {
        let _ = write!(
            out,
            "<p class=\"muted\">{hidden} more predicate(s) over values the front end computes (not shown).</p>"
        );
    }
    for (scope, preds) in &by_scope {
        let name = if scope.is_empty() { "global".to_string() } else { format!("procedure {scope}") };
        let _ = write!(
            out,
            "<h3 class=\"scope\" data-scope=\"{}\">{}</h3><table><tr><th>predicate</th><th>from</th></tr>",
            esc(scope),
            esc(&name)
        );
        for p in preds {
            let from = if p.added_in == 0 { "initial".to_string() } else { format!("iteration {}", p.added_in) };
            let _ = write!(out, "<tr><td><code>{}</code></td><td>{from}</td></tr>", esc(&p.text));
        }
        out.push_str("</table>");
    }
    out.push_str("</section>\n");
    out
}

fn iterations_html(o: &engine::Outcome) -> String {
    let mut out = String::from(
        "<section id=\"iterations\"><h2>Iterations</h2><table><tr><th>#</th><th>predicates</th><th>added</th>\
         <th>bp statements</th><th>c2bp queries</th><th>c2bp s</th><th>check s</th><th>BDD nodes</th>\
         <th>trace</th><th>newton s</th><th>result</th></tr>",
    );
    for it in &o.iterations {
        let r = crate::IterationRow::of(it);
        let _ = write!(
            out,
            "<tr><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
             <td class=\"num\">{}</td><td class=\"num\">{:.3}</td><td class=\"num\">{:.3}</td><td class=\"num\">{}</td>\
             <td class=\"num\">{}</td><td class=\"num\">{:.3}</td><td>{:?}</td></tr>",
            r.index,
            r.predicates,
            r.added,
            r.bp_statements,
            r.c2bp_queries,
            r.c2bp_secs,
            r.check_secs,
            r.bdd_nodes,
            r.trace,
            r.newton_secs,
            it.result
        );
    }
    out.push_str("</table></section>\n");
    out
}

/// The source panes: the files the trace passes through (or, without a trace, the checked C
/// files), the path's lines numbered by step, the lines of loop invariants marked.
fn sources_html(
    prog: &Program,
    sources: &[Option<String>],
    steps: &[ViewStep],
    invariants: &[engine::proof::Invariant],
) -> (String, String) {
    let files = &prog.files;
    let checked = super::witness::checked_files(prog);
    // Which lines are on the path, and at which step numbers.
    let mut on: BTreeMap<(u32, u32), Vec<usize>> = BTreeMap::new();
    for (k, s) in steps.iter().enumerate() {
        on.entry((s.file, s.line)).or_default().push(k + 1);
    }
    let err = steps.last().map(|s| (s.file, s.line));
    let shown: Vec<usize> = (0..files.len())
        .filter(|&f| {
            sources.get(f).is_some_and(|s| s.is_some())
                && if steps.is_empty() { checked.contains(&f) } else { steps.iter().any(|s| s.file as usize == f) }
        })
        .collect();
    let mut bar = String::from("<div id=\"srcbar\">");
    let mut body = String::from("<div id=\"sources\">");
    for &f in &shown {
        let _ = write!(
            bar,
            "<button data-file=\"{f}\" title=\"{}\">{}</button>",
            esc(&files[f]),
            esc(short_name(&files[f]))
        );
        let _ = write!(body, "<div class=\"src\" data-file=\"{f}\">");
        let text = sources[f].as_deref().unwrap_or("");
        for (n, line) in text.lines().enumerate() {
            let n = n as u32 + 1;
            let mut class = String::from("ln");
            let mut badge = String::new();
            if let Some(ks) = on.get(&(f as u32, n)) {
                class.push_str(" onpath");
                let mut b: Vec<String> = ks.iter().take(4).map(|k| k.to_string()).collect();
                if ks.len() > 4 {
                    b.push("…".into());
                }
                badge = b.join(",");
            }
            if err == Some((f as u32, n)) {
                class.push_str(" errline");
            }
            let invs: Vec<&str> = invariants
                .iter()
                .filter(|i| i.loc.file as usize == f && i.loc.line == n)
                .map(|i| i.value.as_str())
                .collect();
            let mut title = String::new();
            if !invs.is_empty() {
                class.push_str(" inv");
                title = format!(" title=\"loop invariant: {}\"", esc(&invs.join(" && ")));
            }
            let _ = writeln!(
                body,
                "<div class=\"{class}\" id=\"L{f}-{n}\"{title}><span class=\"no\">{n}</span><span class=\"bd\">{badge}</span><code>{}</code></div>",
                esc(line)
            );
        }
        body.push_str("</div>");
    }
    if shown.is_empty() {
        bar.push_str("<span class=\"muted\">The source text is not available.</span>");
    }
    bar.push_str("</div>");
    body.push_str("</div>");
    (bar, body)
}

/// The report page of one `slam check` run. `sources[i]` is the text of `prog.files[i]`
/// (`None` when it cannot be read).
/// The report page; `invariants` are the proof's loop invariants (`engine::proof`) for SAFE.
pub fn render(
    prog: &Program,
    o: &engine::Outcome,
    ctx: &Context,
    sources: &[Option<String>],
    invariants: &[engine::proof::Invariant],
) -> String {
    let title = format!("slam: {} — {}", verdict_name(o.verdict), ctx.files.join(", "));
    let mut body = header(o, ctx, &title);
    let mut script = String::new();
    match (&o.counterexample, o.verdict) {
        (Some(cex), engine::Verdict::Violation) => {
            script = violation_html(&mut body, prog, o, cex, &PageData { sources, info: &ctx.rule_info })
        }
        _ => no_trace_html(&mut body, prog, o, sources, invariants),
    }
    if let (Some(c), engine::Verdict::Unknown) = (&ctx.confirmation, o.verdict) {
        // Not reproduced by execution: both runs, for a bug report.
        if let Some(cex) = &o.counterexample {
            let trace = super::trace_text(&super::counterexample(prog, cex, o.replay.as_ref(), sources));
            let _ = writeln!(
                body,
                "<section id=\"runs\"><h2>slam's interpreter and the executable</h2><pre>{}</pre><pre>{}</pre></section>",
                esc(&trace),
                esc(&super::exec_run_text(c))
            );
        }
    }
    body.push_str(&iterations_html(o));
    page(&title, &body, &script)
}

/// Without a trace: why there is no verdict (UNKNOWN), the predicates and the proof's loop
/// invariants, appended to `body`.
fn no_trace_html(
    body: &mut String,
    prog: &Program,
    o: &engine::Outcome,
    sources: &[Option<String>],
    invariants: &[engine::proof::Invariant],
) {
    if o.verdict == engine::Verdict::Unknown {
        let _ = writeln!(body, "<section id=\"unknown\"><h2>Why no verdict</h2><p>{}</p></section>", esc(&o.detail));
    }
    body.push_str(&predicates_html(o));
    let invs = invariants;
    if !invs.is_empty() {
        body.push_str(
            "<section id=\"invariants\"><h2>Loop invariants (from the proof)</h2><table><tr><th>loop at</th><th>function</th><th>invariant</th></tr>",
        );
        for inv in invs {
            let _ = write!(
                body,
                "<tr><td>{}:{}</td><td><code>{}</code></td><td><code>{}</code></td></tr>",
                esc(short_name(super::file_name(prog, inv.loc))),
                inv.loc.line,
                esc(&inv.function),
                esc(&inv.value)
            );
        }
        body.push_str("</table></section>\n");
    }
    // The program checked, the loops' lines marked with their invariants.
    let (bar, src) = sources_html(prog, sources, &[], invariants);
    let _ = writeln!(body, "<section id=\"source\"><h2>Source</h2>{bar}{src}</section>");
}

/// The error trace, its source panes and the predicates (appended to `body`); returns the
/// page's script with the trace data.
fn violation_html(
    body: &mut String,
    prog: &Program,
    o: &engine::Outcome,
    cex: &newton::Counterexample,
    page: &PageData,
) -> String {
    let (sources, info) = (page.sources, page.info);
    let mut steps = view_steps(prog, cex);
    for s in &mut steps {
        s.shown = s.values.iter().map(|(n, v, _)| info.show_value(n, *v)).collect();
    }
    let mut t = String::new();
    let mut i = 0;
    let min_depth = steps.iter().map(|s| s.depth).min().unwrap_or(0);
    tree(&mut t, &steps, &mut i, min_depth, &prog.files, page);
    // the inputs of the JSON report: entry parameters and every nondeterministic value
    let inputs = crate::inputs(prog, cex, sources)
        .iter()
        .map(|v| {
            let title = info.ghost(&v.name).map(|g| format!(" title=\"{}\"", esc(&g.meaning))).unwrap_or_default();
            format!("<code class=\"v\"{title}>{} = {}</code>", esc(&v.name), esc(&info.show_value(&v.name, v.value)))
        })
        .collect::<Vec<_>>()
        .join(", ");
    let replay = match &o.replay {
        Some(r) if r.confirmed => {
            "<p class=\"hint\">The concrete interpreter, given these values, reaches the same error.</p>".into()
        }
        Some(r) => {
            format!("<p class=\"hint\">The concrete interpreter did not confirm this trace ({}).</p>", esc(&r.outcome))
        }
        None => String::new(),
    };
    // the first undefined behaviour on the path, in words
    let replay = match super::counterexample(prog, cex, o.replay.as_ref(), sources).undefined {
        Some(u) => format!("{replay}<p class=\"hint ub\">Note: {}.</p>", esc(&super::capitalise(&u.message))),
        None => replay,
    };
    let (bar, src) = sources_html(prog, sources, &steps, &[]);
    // The rule's variables on the trace, in words.
    let used: Vec<&crate::Ghost> =
        info.ghosts.iter().filter(|g| steps.iter().any(|s| s.values.iter().any(|v| v.0 == g.name))).collect();
    let ghosts = if used.is_empty() {
        String::new()
    } else {
        let items: Vec<String> = used
            .iter()
            .map(|g| {
                let vals: Vec<String> = g.values.iter().map(|(v, n)| format!("{v}: {}", esc(n))).collect();
                let vals = if vals.is_empty() { String::new() } else { format!(" ({})", vals.join(", ")) };
                format!("<li><code>{}</code>: {}{vals}</li>", esc(&g.name), esc(&g.meaning))
            })
            .collect();
        format!("<p class=\"hint\">The rule's variables:</p><ul class=\"ghosts\" id=\"ghosts\">{}</ul>", items.concat())
    };
    let _ = writeln!(
        body,
        "<main><div id=\"trace\"><h2>Error trace ({} steps)</h2>\
         <p class=\"hint\">Click a step (or use &uarr;/&darr;) to see it in the source. Calls the trace steps over are collapsed.</p>\
         {}{}{ghosts}<div class=\"tree\">{t}</div></div>\
         <div id=\"right\">{bar}{src}<div id=\"vars\"></div></div></main>",
        steps.len(),
        if inputs.is_empty() { String::new() } else { format!("<p>Inputs: {inputs}</p>") },
        replay,
    );
    body.push_str(&predicates_html(o));
    let files: Vec<&str> = prog.files.iter().map(String::as_str).collect();
    let meanings: BTreeMap<&str, &str> = info.ghosts.iter().map(|g| (g.name.as_str(), g.meaning.as_str())).collect();
    format!(
        "<script type=\"application/json\" id=\"steps-data\">{}</script>\n\
         <script type=\"application/json\" id=\"files-data\">{}</script>\n\
         <script type=\"application/json\" id=\"ghosts-data\">{}</script>\n<script>{JS}</script>\n",
        script_json(&steps),
        script_json(&files),
        script_json(&meanings)
    )
}

/// One row of the index page of a whole-codebase run.
#[allow(dead_code)] // for `slam gate`'s HTML index
#[derive(Clone, Debug)]
pub struct IndexEntry {
    /// What was checked (e.g. `drivers/net.c: lock`).
    pub name: String,
    /// `SAFE`, `VIOLATION`, `UNKNOWN` (or another word, e.g. `ERROR`).
    pub verdict: String,
    pub detail: String,
    /// The check's own page, relative to the index.
    pub href: Option<String>,
    pub time_secs: f64,
}

/// The index page linking each check's page.
#[allow(dead_code)] // for `slam gate`'s HTML index
pub fn index(title: &str, entries: &[IndexEntry]) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for e in entries {
        *counts.entry(e.verdict.as_str()).or_default() += 1;
    }
    let summary = counts.iter().map(|(v, n)| format!("{n} {}", esc(v))).collect::<Vec<_>>().join(", ");
    let mut body = format!(
        "<header><h1>{}</h1><div class=\"meta\">{} checks: {summary}</div></header>\n<section><table id=\"checks\">\
         <tr><th>check</th><th>verdict</th><th>detail</th><th>time (s)</th></tr>",
        esc(title),
        entries.len()
    );
    for e in entries {
        let name = match &e.href {
            Some(h) => format!("<a href=\"{}\">{}</a>", esc(h), esc(&e.name)),
            None => esc(&e.name),
        };
        let class = match e.verdict.as_str() {
            "SAFE" | "VIOLATION" | "UNKNOWN" => e.verdict.as_str(),
            _ => "UNKNOWN",
        };
        let _ = write!(
            body,
            "<tr><td>{name}</td><td><span class=\"badge {class}\">{}</span></td><td>{}</td><td class=\"num\">{:.2}</td></tr>",
            esc(&e.verdict),
            esc(&e.detail),
            e.time_secs
        );
    }
    body.push_str("</table></section>\n");
    page(title, &body, "")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testdata;

    #[test]
    fn escapes_everything() {
        assert_eq!(esc("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
        assert!(!script_json(&"</script>").contains("</"));
    }

    #[test]
    fn violation_page_has_tree_source_and_no_network() {
        let (prog, o, ctx, sources) = testdata::violation();
        let html = render(&prog, &o, &ctx, &sources, &engine::proof::loop_invariants(&prog, &o));
        assert!(html.contains("id=\"verdict\">VIOLATION"));
        assert!(html.contains("assertion &lt;failed&gt;"), "message escaped");
        // Source escaped, path lines highlighted.
        assert!(html.contains("if (x &lt; 10 &amp;&amp; y)"));
        assert!(html.contains("class=\"ln onpath\" id=\"L0-4\""));
        // The call to f that the trace steps over is collapsed; the one into the error is open.
        let closed = html.find("<details><summary>").expect("a collapsed call");
        let open = html.find("<details open><summary>").expect("an open call");
        assert!(closed < open);
        for bad in ["http://", "https://", "src=\"", "<link"] {
            assert!(!html.contains(bad), "external reference {bad}");
        }
    }

    #[test]
    fn view_steps_group_lines_and_mark_calls() {
        let (prog, o, _, _) = testdata::violation();
        let steps = view_steps(&prog, o.counterexample.as_ref().unwrap());
        let depths: Vec<usize> = steps.iter().map(|s| s.depth).collect();
        assert_eq!(depths, vec![0, 0, 1, 0, 1]);
        assert_eq!(steps[1].calls.as_deref(), Some("f"));
        assert_eq!(steps[3].calls.as_deref(), Some("g"));
        assert!(steps[0].values.contains(&("x".to_string(), 3, true)));
    }

    #[test]
    fn safe_page_lists_predicates_per_procedure() {
        let (prog, mut o, ctx, sources) = testdata::violation();
        o.verdict = engine::Verdict::Safe;
        o.reason = engine::StopReason::Safe;
        o.counterexample = None;
        let html = render(&prog, &o, &ctx, &sources, &engine::proof::loop_invariants(&prog, &o));
        assert!(html.contains("id=\"verdict\">SAFE"));
        assert!(html.contains("data-scope=\"\">global"));
        assert!(html.contains("data-scope=\"main\">procedure main"));
        assert!(html.contains("<code>x &lt; 10</code>"));
    }

    #[test]
    fn index_links_pages() {
        let html = index(
            "gate",
            &[IndexEntry {
                name: "a.c: <lock>".into(),
                verdict: "SAFE".into(),
                detail: String::new(),
                href: Some("a.html".into()),
                time_secs: 1.0,
            }],
        );
        assert!(html.contains("<a href=\"a.html\">a.c: &lt;lock&gt;</a>"));
        assert!(html.contains("1 SAFE"));
    }
}
