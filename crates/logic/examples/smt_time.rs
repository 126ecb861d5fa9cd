//! Time an SMT-LIB query (as `SLAM_DUMP_SLOW_QUERIES` writes them) on the solvers slam uses:
//! `cargo run --release -p logic --example smt_time -- FILE [EXTRA-ASSERTION…]`.
use std::time::Instant;
use z3::{Config, Context, Params, Solver};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("read");
    let text = text.replace("(check-sat)", "");
    let extra: String = args[2..].iter().map(|a| format!("(assert {a})\n")).collect();
    let cfg = Config::new();
    let ctx = Context::new(&cfg);
    for which in ["QF_AUFBV", "default"] {
        let s = if which == "default" { Solver::new(&ctx) } else { Solver::new_for_logic(&ctx, which).unwrap() };
        let mut p = Params::new(&ctx);
        p.set_u32("timeout", 30_000);
        s.set_params(&p);
        s.from_string(format!("{text}\n{extra}"));
        let t0 = Instant::now();
        let r = s.check();
        println!("{which}: {r:?} in {:.2}s", t0.elapsed().as_secs_f64());
    }
}
