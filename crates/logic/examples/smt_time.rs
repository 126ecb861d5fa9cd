//! Time an SMT-LIB query (as `SLAM_DUMP_SLOW_QUERIES` writes them) on several solvers:
//! `cargo run --release -p logic --example smt_time -- FILE [EXTRA-ASSERTION…]`.
use std::time::Instant;
use z3::{Config, Context, Params, Solver, Tactic};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("read");
    let text = text.replace("(check-sat)", "");
    let extra: String = args[2..].iter().map(|a| format!("(assert {a})\n")).collect();
    let which: Vec<String> = std::env::var("SMT_TIME_SOLVERS")
        .unwrap_or_else(|_| "QF_AUFBV,default".into())
        .split(',')
        .map(str::to_string)
        .collect();
    let ms: u32 = std::env::var("SMT_TIME_MS").ok().and_then(|v| v.parse().ok()).unwrap_or(30_000);
    // `SMT_TIME_GLOBALS=k=v,k=v`: Z3 global parameters set before the solvers are made.
    for kv in std::env::var("SMT_TIME_GLOBALS").unwrap_or_default().split(',') {
        if let Some((k, v)) = kv.split_once('=') {
            z3::set_global_param(k, v);
        }
    }
    for w in which {
        let cfg = Config::new();
        let ctx = Context::new(&cfg);
        // `inc:` first: the query in a pushed scope, as the prover asks it (Z3's combined
        // solver then answers with its incremental core instead of the logic's tactic).
        let (inc, name) = match w.strip_prefix("inc:") {
            Some(rest) => (true, rest.to_string()),
            None => (false, w.clone()),
        };
        let s = match name.as_str() {
            "default" => Solver::new(&ctx),
            t if t.starts_with("tactic:") => {
                let names: Vec<&str> = t["tactic:".len()..].split('+').collect();
                let mut tac = Tactic::new(&ctx, names[0]);
                for n in &names[1..] {
                    tac = tac.and_then(&Tactic::new(&ctx, n));
                }
                tac.solver()
            }
            l => Solver::new_for_logic(&ctx, l).unwrap(),
        };
        let mut p = Params::new(&ctx);
        p.set_u32("timeout", ms);
        s.set_params(&p);
        if inc {
            s.push();
        }
        s.from_string(format!("{text}\n{extra}"));
        let t0 = Instant::now();
        let r = s.check();
        println!("{w}: {r:?} in {:.2}s", t0.elapsed().as_secs_f64());
    }
}
