//! The Windows NT drivers of `corpus/drivers/` (SV-COMP's `ntdrivers-simplified`, 770–3,100
//! lines after CIL; issue 13), checked by the CEGAR loop: every one must get its expected
//! verdict, and every VIOLATION's counterexample must replay to the error statement in the
//! concrete interpreter. Kept apart from `corpus.rs` for its longer limit (the largest take
//! 5–20 s on a shared 2-core machine; the corpus test allows 20 s). `SLAM_CORPUS=substring`
//! restricts the run to matching programs.

mod common;

use common::Case;
use std::time::Duration;

fn check(case: &Case) -> Result<String, String> {
    let (prog, preds) = common::load(case).map_err(|e| format!("does not load: {e}"))?;
    let o = engine::Runner::new(prog.clone())
        .with_predicates(preds)
        .with_time_limit(Duration::from_secs(120))
        .with_iteration_limit(100)
        .run();
    let got = format!("{:?}", o.verdict).to_uppercase();
    let summary =
        format!("{got} ({:?}, {} iterations, {} predicates)", o.reason, o.iterations.len(), o.predicates.len());
    if got != case.expect {
        return Err(format!("expected {}, got {summary}: {}", case.expect, o.detail));
    }
    if o.verdict == engine::Verdict::Violation {
        let cex = o.counterexample.as_ref().ok_or("VIOLATION without a counterexample")?;
        let run = newton::replay(&prog, cex, 1_000_000);
        match run.outcome {
            cminus::interp::Outcome::Error { stmt, .. } if stmt == cex.error_stmt => {}
            other => return Err(format!("the replay does not reach the error statement: {other:?}")),
        }
    }
    Ok(summary)
}

#[test]
fn driver_verdicts() {
    let filter = std::env::var("SLAM_CORPUS").unwrap_or_default();
    let all = common::corpus_in(&["corpus/drivers"]);
    assert!(all.len() >= 11, "corpus/drivers holds {} programs with a verdict, expected 11", all.len());
    let cases: Vec<Case> = all.into_iter().filter(|c| c.name.contains(&filter)).collect();
    assert!(!cases.is_empty(), "no driver matches {filter}");
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 2);
    let results: Vec<(usize, Result<String, String>)> = std::thread::scope(|sc| {
        let hs: Vec<_> = (0..threads)
            .map(|t| {
                let cases = &cases;
                sc.spawn(move || (t..cases.len()).step_by(threads).map(|i| (i, check(&cases[i]))).collect::<Vec<_>>())
            })
            .collect();
        hs.into_iter().flat_map(|h| h.join().expect("driver thread")).collect()
    });
    let mut failures = Vec::new();
    for (i, r) in results {
        match r {
            Ok(s) => eprintln!("ok    {}: {s}", cases[i].name),
            Err(e) => {
                eprintln!("FAIL  {}: {e}", cases[i].name);
                failures.push(format!("{}: {e}", cases[i].name));
            }
        }
    }
    assert!(failures.is_empty(), "{} drivers failed:\n{}", failures.len(), failures.join("\n"));
}
