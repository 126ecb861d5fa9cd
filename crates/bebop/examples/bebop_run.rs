//! Run bebop alone on one boolean program, for scripts/bench-bebop:
//! `bebop_run FILE [LABEL] [--no-live-ranges] [--no-modref] [--no-trace]`.
//! Prints one line: verdict, time of each phase, iterations, peak BDD nodes, peak RSS.

fn peak_rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flags: Vec<&str> = args.iter().filter(|a| a.starts_with("--")).map(|s| s.as_str()).collect();
    let pos: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let src = std::fs::read_to_string(pos[0]).expect("readable file");
    let (_, cfg) = bp::load(&src).expect("a valid program");
    let opts = bebop::Options {
        live_ranges: !flags.contains(&"--no-live-ranges"),
        mod_ref: !flags.contains(&"--no-modref"),
        cancel: None,
    };
    let t0 = std::time::Instant::now();
    let mut an = bebop::check(&cfg, &opts);
    let targets = match pos.get(1) {
        Some(l) => cfg.label_nodes(l),
        None => cfg.procs.iter().map(|p| p.err).collect(),
    };
    let reachable = targets.iter().any(|&t| an.is_reachable(t));
    let trace_len =
        if flags.contains(&"--no-trace") { 0 } else { an.trace_to(&targets).map(|t| t.steps.len()).unwrap_or(0) };
    println!(
        "reachable={reachable} total={:.4} reach={:.4} trace={:.4} iterations={} peak_nodes={} trace_steps={trace_len} peak_rss_kib={}",
        t0.elapsed().as_secs_f64(),
        an.stats.time_reach.as_secs_f64(),
        an.stats.time_trace.as_secs_f64(),
        an.stats.iterations,
        an.stats.peak_bdd_nodes,
        peak_rss_kib()
    );
}
