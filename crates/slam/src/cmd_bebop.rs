//! `slam bebop prog.bp`: the model checker alone, on a boolean program.

use crate::{diag, exit};
use bebop::{Options, Trace};
use bp::cfg::Cfg;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// The boolean program.
    pub file: PathBuf,
    /// Ask whether this label is reachable (default: whether an assertion can fail).
    #[arg(long)]
    pub label: Option<String>,
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
    /// Switch off the live-range optimisation (§3.3).
    #[arg(long)]
    pub no_live_ranges: bool,
    /// Switch off the MOD/REF optimisation (§3.3).
    #[arg(long)]
    pub no_modref: bool,
    /// Print statistics (iterations, BDD nodes, time per phase).
    #[arg(long)]
    pub stats: bool,
}

pub fn run(a: Args) -> u8 {
    let name = a.file.display().to_string();
    let src = match std::fs::read_to_string(&a.file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{name}: error: cannot read: {e}");
            return exit::INPUT;
        }
    };
    let (_prog, cfg) = match bp::load(&src) {
        Ok(x) => x,
        Err(errs) => {
            for e in errs {
                diag::report(&name, Some(&src), e.pos.line as usize, e.pos.col as usize, &e.msg);
            }
            return exit::INPUT;
        }
    };
    let (targets, what) = match &a.label {
        Some(l) => {
            let t = cfg.label_nodes(l);
            if t.is_empty() {
                eprintln!("{name}: error: the program has no label `{l}`");
                return exit::INPUT;
            }
            (t, format!("label {l}"))
        }
        None => (cfg.procs.iter().map(|p| p.err).collect(), "assertion failure".to_string()),
    };
    let opts = Options { live_ranges: !a.no_live_ranges, mod_ref: !a.no_modref, cancel: None };
    let mut an = bebop::check(&cfg, &opts);
    let trace = an.trace_to(&targets);
    let labels = an.label_status();
    if a.json {
        let v = serde_json::json!({
            "file": name,
            "target": what,
            "reachable": trace.is_some(),
            "trace": trace.as_ref().map(|t| trace_json(&cfg, t)),
            "labels": labels.iter().map(|(l, p, r)| serde_json::json!({"label": l, "procedure": p, "reachable": r})).collect::<Vec<_>>(),
            "stats": an.stats,
        });
        println!("{}", serde_json::to_string_pretty(&v).expect("JSON of plain values"));
    } else {
        match &trace {
            Some(t) => {
                let cap = capitalise(&what);
                println!("{cap} reachable by following path:");
                print!("{}", trace_text(&cfg, t));
            }
            None => println!("{} is not reachable", capitalise(&what)),
        }
        if !labels.is_empty() {
            println!("Labels:");
            for (l, p, r) in &labels {
                println!("  {p}:{l} {}", if *r { "reachable" } else { "unreachable" });
            }
        }
        if a.stats {
            let s = &an.stats;
            println!(
                "Stats: {} vertices, {} BDD variables, {} iterations, {} summary pieces, peak {} BDD nodes; build {:.3}s, reach {:.3}s, trace {:.3}s",
                s.cfg_vertices, s.bdd_variables, s.iterations, s.summaries, s.peak_bdd_nodes,
                s.time_build.as_secs_f64(), s.time_reach.as_secs_f64(), s.time_trace.as_secs_f64()
            );
        }
    }
    if trace.is_some() {
        exit::VIOLATION
    } else {
        exit::HOLDS
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn state_text(cfg: &Cfg, state: &[(usize, bool)]) -> String {
    state
        .iter()
        .map(|(v, b)| format!("{}={}", bp::printer::name(cfg.var_name(*v)), u8::from(*b)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The trace in the shape of the paper's Fig. 1 (but in execution order): one line per
/// statement, indented by call depth, with the state just before the statement.
pub fn trace_text(cfg: &Cfg, t: &Trace) -> String {
    let mut out = String::new();
    for s in t.steps.iter().filter(|s| cfg.nodes[s.node].is_statement()) {
        let n = &cfg.nodes[s.node];
        let ind = "  ".repeat(s.depth + 1);
        out.push_str(&format!(
            "{ind}Line {} State {}    // {}: {}\n",
            n.pos.line,
            state_text(cfg, &s.state),
            cfg.procs[n.proc].name,
            n.text
        ));
    }
    out
}

fn trace_json(cfg: &Cfg, t: &Trace) -> serde_json::Value {
    let steps: Vec<_> = t
        .steps
        .iter()
        .filter(|s| cfg.nodes[s.node].is_statement())
        .map(|s| {
            let n = &cfg.nodes[s.node];
            let state: serde_json::Map<String, serde_json::Value> =
                s.state.iter().map(|(v, b)| (cfg.var_name(*v).to_string(), serde_json::Value::Bool(*b))).collect();
            serde_json::json!({
                "line": n.pos.line, "column": n.pos.col, "procedure": cfg.procs[n.proc].name,
                "depth": s.depth, "statement": n.text, "origin": n.origin, "state": state,
            })
        })
        .collect();
    serde_json::Value::Array(steps)
}
