//! `slam tests`: a test suite from the program's branch predicates (the search in coverage
//! mode, `search::testgen`), written as Test-Comp XML with a replay harness.

use crate::exit;
use crate::front::FrontArgs;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub front: FrontArgs,
    /// The SLIC rule whose instrumented program is explored (its states count as branches).
    #[arg(long, value_name = "RULE.slic")]
    pub rule: Option<PathBuf>,
    /// The directory for metadata.xml, test-NNNN.xml, harness.c and tests.tsv (created).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Stop generating after this many seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub timeout: f64,
    /// Write at most this many tests.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub max_tests: usize,
}

pub fn run(a: Args) -> u8 {
    if !(a.timeout > 0.0 && a.timeout.is_finite()) || a.max_tests == 0 {
        eprintln!("error: --timeout takes a positive number of seconds and --max-tests a positive number");
        return exit::USAGE;
    }
    let prog = match a.front.load() {
        Ok(p) => p,
        Err(code) => return code,
    };
    let prog = match crate::front::instrument(&a.front, a.rule.as_deref(), prog) {
        Ok((p, _)) => p,
        Err(code) => return code,
    };
    let opts = search::testgen::Options {
        time: Some(Duration::from_secs_f64(a.timeout)),
        max_tests: a.max_tests,
        ..Default::default()
    };
    let suite = search::testgen::generate(&prog, &opts);
    if let Err(e) = write_suite(&a, &suite) {
        eprintln!("{}: error: {e}", a.out.display());
        return exit::INPUT;
    }
    let random = search::testgen::random_coverage(&prog, suite.tests.len(), opts.max_steps, 1);
    println!(
        "{} tests in {}: branch coverage {}/{} ({:.1} %), {} combinations of branch predicates{} ({:.2} s)",
        suite.tests.len(),
        a.out.display(),
        suite.coverage.covered,
        suite.coverage.total,
        suite.coverage.percent(),
        suite.combinations,
        if suite.complete {
            " (exploration ended; states with equal predicate values were explored once)"
        } else {
            " (a limit stopped the exploration)"
        },
        suite.time_secs
    );
    println!(
        "the same number of runs with random inputs covers {}/{} ({:.1} %)",
        random.covered,
        random.total,
        random.percent()
    );
    let partial = suite.tests.iter().filter(|t| t.other_choices > 0).count();
    if partial > 0 {
        println!(
            "note: {partial} tests also depend on values that are not test inputs (uninitialised variables, entry \
             parameters, results of external functions); their replay may take other branches"
        );
    }
    exit::HOLDS
}

fn write_suite(a: &Args, suite: &search::testgen::Suite) -> std::io::Result<()> {
    std::fs::create_dir_all(&a.out)?;
    let file = a.front.files.first().map(|f| f.as_path()).unwrap_or(Path::new(""));
    let bytes = std::fs::read(file).unwrap_or_default();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_secs();
    let meta = report::testcomp::Metadata {
        program_file: &file.display().to_string(),
        program_hash: &report::witness::sha256_hex(&bytes),
        entry: &a.front.entry,
        architecture: if a.front.ilp32 { "32bit" } else { "64bit" },
        creation_time: &report::witness::iso8601(now),
    };
    std::fs::write(a.out.join("metadata.xml"), report::testcomp::metadata(&meta))?;
    for (i, t) in suite.tests.iter().enumerate() {
        std::fs::write(a.out.join(format!("test-{:04}.xml", i + 1)), report::testcomp::testcase(&t.inputs))?;
    }
    std::fs::write(a.out.join("harness.c"), report::testcomp::HARNESS)?;
    // For people (and the replay test): how each test's run ended in slam's interpreter.
    let mut listing =
        String::from("# test, new branch targets covered, choices that are not test inputs, how slam's run ended\n");
    for (i, t) in suite.tests.iter().enumerate() {
        listing.push_str(&format!("test-{:04}.xml\t{}\t{}\t{}\n", i + 1, t.new_branches, t.other_choices, t.outcome));
    }
    std::fs::write(a.out.join("tests.tsv"), listing)
}
