//! The explicit checker's traces (`bebop::explicit::Reference::trace_to`, used by
//! `--checker explicit`): on generated boolean programs every trace replays
//! (`explicit::replay`), ends at its target and is a shortest hierarchical trace — the same
//! length as Bebop's. `SLAM_SEED=n` replays one seed.

use bebop::explicit;

fn check_seed(seed: u64) -> Result<(), String> {
    let prog = bp::gen::program(seed);
    let cfg = bp::cfg::build(&prog).map_err(|e| format!("rejected: {e:?}"))?;
    let r = explicit::try_analyse(&cfg)?;
    let reach = r.reachable();
    let dist = r.shortest_distances();
    let mut targets: Vec<usize> = cfg.labels.iter().map(|(_, _, n)| *n).collect();
    targets.extend(cfg.procs.iter().map(|p| p.err));
    targets.sort_unstable();
    targets.dedup();
    let mut an = bebop::check(&cfg, &bebop::Options::default());
    for &v in &targets {
        match (reach[v], r.trace_to(&[v])) {
            (false, None) => {}
            (false, Some(_)) => return Err(format!("a trace to unreachable vertex {v}")),
            (true, None) => return Err(format!("no trace to reachable vertex {v}")),
            (true, Some(t)) => {
                if t.steps.last().map(|s| s.node) != Some(v) {
                    return Err(format!("the trace to {v} ends elsewhere"));
                }
                explicit::replay(&cfg, &t).map_err(|e| format!("the trace to {v} does not replay: {e}"))?;
                let len = explicit::hierarchical_len(&cfg, &t);
                if Some(len) != dist[v] {
                    return Err(format!("the trace to {v} has {len} hierarchical steps, the shortest {:?}", dist[v]));
                }
                let b = an.trace_to(&[v]).ok_or("bebop has no trace")?;
                let blen = explicit::hierarchical_len(&cfg, &b);
                if blen != len {
                    return Err(format!("the trace to {v}: explicit {len} steps, bebop {blen}"));
                }
            }
        }
    }
    Ok(())
}

#[test]
fn explicit_traces_replay_and_are_shortest() {
    let seeds: Vec<u64> = match std::env::var("SLAM_SEED") {
        Ok(s) => vec![s.parse().expect("SLAM_SEED is a number")],
        Err(_) => (0..300).collect(),
    };
    let mut failures = Vec::new();
    for seed in seeds {
        if let Err(e) = check_seed(seed) {
            failures.push(format!("seed {seed}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{} seeds failed (replay with SLAM_SEED=n):\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn too_big_for_the_explicit_checker_is_an_error_not_a_panic() {
    let globals: Vec<String> = (0..30).map(|i| format!("g{i}")).collect();
    let src = format!("decl {};\nvoid main() begin skip; end\n", globals.join(", "));
    let (_, cfg) = bp::load(&src).expect("program");
    let e = explicit::try_analyse(&cfg).err().expect("too big");
    assert!(e.contains("too many"), "{e}");
}
