//! The summary table (with the traces of violations as `slam check` prints them), JUnit XML,
//! and progress reporting.

use super::results::{Counterexample, Verdict};
use super::{Check, Report};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Mutex;

/// The trace of a violation, rendered by `slam check`'s own text report.
pub fn trace_text(c: &Counterexample) -> String {
    report::trace_text(c)
}

fn verdict_cell(c: &Check) -> String {
    match (c.result.verdict, c.baseline.as_deref()) {
        (Verdict::Violation, Some("unchanged")) => "VIOLATION (baseline)".into(),
        (Verdict::Violation, Some("new")) => "VIOLATION (new)".into(),
        (Verdict::Unknown, _) => format!("UNKNOWN ({})", c.result.reason.replace('_', " ")),
        (Verdict::Safe, _) if c.result.reason == "wrapper" => "SAFE (lock wrapper)".into(),
        (v, _) => v.as_str().into(),
    }
}

/// The UNKNOWN and ERROR checks grouped by unit and reason (each said once): for the first
/// check of each group, the indices of all its checks.
pub(crate) fn reason_groups(checks: &[Check]) -> HashMap<usize, Vec<usize>> {
    let mut first: HashMap<(&str, Verdict, &str), usize> = HashMap::new();
    let mut groups: HashMap<usize, Vec<usize>> = HashMap::new();
    for (i, c) in checks.iter().enumerate() {
        if matches!(c.result.verdict, Verdict::Unknown | Verdict::Error) {
            let lead = *first.entry((c.file.as_str(), c.result.verdict, c.result.detail.trim())).or_insert(i);
            groups.entry(lead).or_default().push(i);
        }
    }
    groups
}

/// `entry e, rule r` for one check; for several, the entries and rules they cover.
pub(crate) fn checks_named<'a>(checks: impl Iterator<Item = &'a Check>) -> String {
    let checks: Vec<&Check> = checks.collect();
    if let [c] = checks.as_slice() {
        return format!("entry {}, rule {}", c.entry, c.rule);
    }
    let mut entries: Vec<&str> = checks.iter().map(|c| c.entry.as_str()).collect();
    let mut rules: Vec<&str> = checks.iter().map(|c| c.rule.as_str()).collect();
    entries.sort_unstable();
    entries.dedup();
    rules.sort_unstable();
    rules.dedup();
    format!(
        "{} checks: entr{} {}; rule{} {}",
        checks.len(),
        if entries.len() == 1 { "y" } else { "ies" },
        entries.join(", "),
        if rules.len() == 1 { "" } else { "s" },
        rules.join(", ")
    )
}

/// Which mode the checks ran in and, for whole programs, every root and why it is one.
pub fn mode_text(r: &Report) -> String {
    let mut out = String::new();
    let units = r
        .checks
        .iter()
        .filter(|c| c.mode == "unit")
        .map(|c| c.file.as_str())
        .collect::<std::collections::BTreeSet<_>>();
    if r.programs.is_empty() {
        let _ = writeln!(out, "\nMode: units ({} units, each checked on its own).", units.len());
        return out;
    }
    let rest =
        if units.is_empty() { String::new() } else { format!("; {} more units checked on their own", units.len()) };
    let names: Vec<&str> = r.programs.iter().map(|p| p.name.as_str()).collect();
    let _ =
        writeln!(out, "\nMode: whole program{} {}{rest}.", if names.len() == 1 { "" } else { "s" }, names.join(", "));
    for p in &r.programs {
        let _ = writeln!(out, "Program {} ({} units lowered together), entries:", p.name, p.units.len());
        for (e, why) in &p.entries {
            let _ = writeln!(out, "  {e}: {why}");
        }
    }
    out
}

/// The summary table, the violations with their traces, UNKNOWN and ERROR reasons (once per
/// unit and reason), totals.
pub fn text(r: &Report) -> String {
    let mut out = String::new();
    let name = |c: &Check| format!("{}:{}", c.file, c.entry);
    let w0 = r.checks.iter().map(|c| name(c).len()).max().unwrap_or(0).max(5);
    let w1 = r.checks.iter().map(|c| c.rule.len()).max().unwrap_or(0).max(4);
    let w2 = r.checks.iter().map(|c| verdict_cell(c).len()).max().unwrap_or(0).max(7);
    let _ = writeln!(out, "{:<w0$}  {:<w1$}  {:<w2$}  {:>8}", "CHECK", "RULE", "VERDICT", "TIME");
    for c in &r.checks {
        let time = if c.cached { "cached".to_string() } else { format!("{:.2}s", c.result.time_secs) };
        let _ = writeln!(out, "{:<w0$}  {:<w1$}  {:<w2$}  {:>8}", name(c), c.rule, verdict_cell(c), time);
    }
    out.push_str(&mode_text(r));
    let groups = reason_groups(&r.checks);
    for (i, c) in r.checks.iter().enumerate() {
        match c.result.verdict {
            Verdict::Violation if c.baseline.as_deref() != Some("unchanged") => {
                let _ = writeln!(
                    out,
                    "\nVIOLATION in {} (entry {}, rule {}): {}",
                    c.file, c.entry, c.rule, c.result.detail
                );
                if let Some(t) = c.result.confirmation_text() {
                    let _ = writeln!(out, "Confirmation: {t}.");
                }
                if let Some(w) = &c.wrapper {
                    let _ = writeln!(out, "Lock wrapper? {}.", w.reason.trim_end_matches('.'));
                }
                if let Some(cex) = &c.result.counterexample {
                    out.push_str(trace_text(cex).trim_end());
                    out.push('\n');
                }
            }
            // One paragraph per reason and unit (a front-end error is every entry's and rule's).
            Verdict::Unknown | Verdict::Error if groups.contains_key(&i) => {
                let which = checks_named(groups[&i].iter().map(|&j| &r.checks[j]));
                let _ =
                    writeln!(out, "\n{} {} ({which}): {}", c.result.verdict.as_str(), c.file, c.result.detail.trim());
            }
            _ => {}
        }
    }
    let judged: Vec<&Check> = r.checks.iter().filter(|c| c.wrapper.as_ref().is_some_and(|w| w.judged)).collect();
    if !judged.is_empty() {
        let _ = writeln!(
            out,
            "\nLock wrappers (SAFE: each returns holding what it took for its caller, or releases its caller's hold, \
             on every path that changes a lock; its own check said otherwise; docs/ci.md):"
        );
        for c in judged {
            let kind = c.wrapper.as_ref().and_then(|w| w.kind.as_deref()).unwrap_or("");
            let _ = writeln!(
                out,
                "  {}:{} ({}, {kind}): {}",
                c.file,
                c.entry,
                c.rule,
                c.wrapper.as_ref().map(|w| w.unit_detail.as_str()).unwrap_or("")
            );
        }
    }
    let st = &r.stats;
    let newv = if r.checks.iter().any(|c| c.baseline.is_some()) {
        format!(" ({} new)", st.new_violations)
    } else {
        String::new()
    };
    let shard = r.shard.as_ref().map(|s| format!(" (shard {s})")).unwrap_or_default();
    let _ = writeln!(
        out,
        "\n{} checks{shard}: {} safe, {} violations{newv}, {} unknown, {} errors; {} run, {} from the cache; {:.2} s.",
        st.checks, st.safe, st.violations, st.unknown, st.errors, st.run, st.cached, st.wall_secs
    );
    out
}

pub fn xml_escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&apos;"),
            // XML 1.0 allows tab, newline, carriage return among the control characters
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => o.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => o.push(c),
        }
    }
    o
}

/// JUnit XML: one test suite per unit, one test case per check. A violation is a failure
/// (with the trace), an input error an error, UNKNOWN is skipped (an error with
/// --fail-on-unknown).
pub fn junit(r: &Report, fail_on_unknown: bool) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let count = |f: &dyn Fn(&Check) -> bool| r.checks.iter().filter(|c| f(c)).count();
    let is_fail = |c: &Check| c.result.verdict == Verdict::Violation && c.baseline.as_deref() != Some("unchanged");
    let is_err =
        |c: &Check| c.result.verdict == Verdict::Error || (fail_on_unknown && c.result.verdict == Verdict::Unknown);
    let is_skip = |c: &Check| !fail_on_unknown && c.result.verdict == Verdict::Unknown;
    let total: f64 = r.checks.iter().map(|c| c.result.time_secs).sum();
    let _ = writeln!(
        out,
        "<testsuites name=\"slam gate\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{:.3}\">",
        r.checks.len(),
        count(&is_fail),
        count(&is_err),
        count(&is_skip),
        total
    );
    let mut files: Vec<&str> = r.checks.iter().map(|c| c.file.as_str()).collect();
    files.dedup();
    for f in files {
        let cs: Vec<&Check> = r.checks.iter().filter(|c| c.file == f).collect();
        let t: f64 = cs.iter().map(|c| c.result.time_secs).sum();
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{t:.3}\">",
            xml_escape(f),
            cs.len(),
            cs.iter().filter(|c| is_fail(c)).count(),
            cs.iter().filter(|c| is_err(c)).count(),
            cs.iter().filter(|c| is_skip(c)).count()
        );
        for c in cs {
            let _ = write!(
                out,
                "    <testcase classname=\"{}\" name=\"{}\" file=\"{}\" time=\"{:.3}\"",
                xml_escape(&c.file),
                xml_escape(&format!("{} [{}]", c.entry, c.rule)),
                xml_escape(&c.file),
                c.result.time_secs
            );
            if is_fail(c) {
                let mut trace = c.result.counterexample.as_ref().map(trace_text).unwrap_or_default();
                if let Some(t) = c.result.confirmation_text() {
                    trace.push_str(&format!("\nConfirmation: {t}.\n"));
                }
                let _ = writeln!(
                    out,
                    ">\n      <failure type=\"violation\" message=\"{}\">{}</failure>\n    </testcase>",
                    xml_escape(&c.result.detail),
                    xml_escape(trace.trim())
                );
            } else if is_err(c) {
                let _ = writeln!(
                    out,
                    ">\n      <error type=\"{}\" message=\"{}\">{}</error>\n    </testcase>",
                    xml_escape(&c.result.reason),
                    xml_escape(c.result.detail.lines().next().unwrap_or("")),
                    xml_escape(&c.result.detail)
                );
            } else if is_skip(c) {
                let _ = writeln!(
                    out,
                    ">\n      <skipped message=\"UNKNOWN ({}): {}\"/>\n    </testcase>",
                    xml_escape(&c.result.reason),
                    xml_escape(&c.result.detail)
                );
            } else {
                out.push_str("/>\n");
            }
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

/// A progress bar on a terminal, plain lines otherwise (CI logs), nothing with --no-progress.
pub struct Progress {
    bar: Option<indicatif::ProgressBar>,
    plain: bool,
    total: usize,
    lock: Mutex<()>,
}

impl Progress {
    pub fn new(total: usize, enabled: bool) -> Progress {
        let tty = std::io::IsTerminal::is_terminal(&std::io::stderr());
        let bar = (enabled && tty).then(|| {
            let b = indicatif::ProgressBar::new(total as u64);
            if let Ok(style) =
                indicatif::ProgressStyle::with_template("{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} {msg}")
            {
                b.set_style(style);
            }
            b.enable_steady_tick(std::time::Duration::from_millis(200));
            b
        });
        Progress { bar, plain: enabled && !tty, total, lock: Mutex::new(()) }
    }

    pub fn tick(&self, n: usize, c: &Check) {
        let what = if c.cached { "cached".to_string() } else { format!("{:.2}s", c.result.time_secs) };
        if let Some(b) = &self.bar {
            b.set_position(n as u64);
            b.set_message(format!("{} {} ({what})", c.id, c.result.verdict.as_str()));
        } else if self.plain {
            let _g = self.lock.lock();
            eprintln!("[{n}/{}] {} {} ({what})", self.total, c.id, c.result.verdict.as_str());
        }
    }

    pub fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}
