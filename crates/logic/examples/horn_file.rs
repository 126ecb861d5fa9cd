//! Run Spacer on an SMT-LIB file of Horn clauses (as `SLAM_HORN_DUMP` writes them), in
//! process, with a solver timeout: `horn_file FILE [timeout_ms]`.
use z3::{Params, SatResult, Solver};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("read the file");
    let text = text.replace("(check-sat)", "");
    for (k, v) in [("fp.xform.inline_eager", "false"), ("fp.xform.inline_linear", "false"), ("fp.xform.slice", "false")]
    {
        z3::set_global_param(k, v);
    }
    if let Ok(extra) = std::env::var("SLAM_HORN_PARAMS") {
        for kv in extra.split(',') {
            if let Some((k, v)) = kv.split_once('=') {
                z3::set_global_param(k, v);
            }
        }
    }
    let ctx = logic::new_context();
    let solver = Solver::new_for_logic(&ctx, "HORN").expect("HORN");
    solver.from_string(text);
    if let Some(ms) = args.get(2) {
        let mut p = Params::new(&ctx);
        p.set_u32("timeout", ms.parse().unwrap());
        solver.set_params(&p);
    }
    let t0 = std::time::Instant::now();
    let r = solver.check();
    println!("{r:?} in {:.2} s", t0.elapsed().as_secs_f64());
    if r == SatResult::Unknown {
        println!("{:?}", solver.get_reason_unknown());
    }
}
