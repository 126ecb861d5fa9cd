//! The `slam` binary: the command line. Reports are rendered by the `report` crate, the CI
//! gate is the `gate` crate (see docs/architecture.md).

mod cmd_abstract;
mod cmd_bebop;
mod cmd_check;
mod cmd_lower;
mod cmd_tests;
mod front;
mod outputs;

use clap::{Parser, Subcommand};

pub use report::{diag, exit};

#[derive(Parser)]
#[command(name = "slam", version, about = "A software model checker for C in the line of SLAM")]
struct Cli {
    /// More logging (-v: per stage, -vv: debug). RUST_LOG overrides.
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    verbose: u8,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Decide reachability in a boolean program with the Bebop model checker.
    Bebop(cmd_bebop::Args),
    /// Lower C to C-- and print it.
    Lower(cmd_lower::Args),
    /// Abstract a C program into a boolean program over given predicates (c2bp).
    Abstract(cmd_abstract::Args),
    /// Check a C program against a SLIC rule (or its own reach_error/assert): the CEGAR loop.
    Check(cmd_check::Args),
    /// Generate tests that cover the combinations of the branch predicates (the search in
    /// coverage mode), as Test-Comp XML with a replay harness.
    Tests(cmd_tests::Args),
    /// Check a whole codebase against a rule set for CI (parallel, cached, SARIF/JUnit).
    Gate(gate::Args),
    /// Merge the SARIF reports of several `slam gate` runs (shards) into one.
    Merge(gate::merge::Args),
}

/// The stack of the thread that runs a command.
const MAIN_STACK: usize = 1 << 30;

fn main() {
    // `slam check … | head`: a closed pipe ends the process quietly, as for other Unix tools
    // (Rust ignores SIGPIPE, and every print would then panic).
    // SAFETY: called first, before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    // Deeply nested C (a 12,000-operand `&&` chain) is parsed and lowered by recursion: the
    // work runs on a thread with a stack far larger than the main thread's 8 MiB (only
    // touched pages cost memory).
    let code = std::thread::Builder::new()
        .name("slam".into())
        .stack_size(MAIN_STACK)
        .spawn(run)
        .ok()
        .and_then(|h| h.join().ok())
        .unwrap_or(exit::INTERNAL);
    // A stage left behind after a limit (see `engine::Runner::run`) may still be inside Z3,
    // and the C++ library's static destructors, which `exit` runs, would free memory under
    // it (a crash at exit after the verdict was printed, seen twice in 2,300 Csmith checks
    // under load). Flush what was written and end without running them.
    let _ = std::io::Write::flush(&mut std::io::stdout());
    let _ = std::io::Write::flush(&mut std::io::stderr());
    // SAFETY: `_exit` ends the process; nothing runs after it.
    unsafe { libc::_exit(i32::from(code)) }
}

fn run() -> u8 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { exit::USAGE } else { exit::HOLDS };
        }
    };
    init_tracing(cli.verbose);
    match cli.cmd {
        Cmd::Bebop(a) => cmd_bebop::run(a),
        Cmd::Lower(a) => cmd_lower::run(a),
        Cmd::Abstract(a) => cmd_abstract::run(a),
        Cmd::Check(a) => cmd_check::run(a, cli.verbose),
        Cmd::Tests(a) => cmd_tests::run(a),
        Cmd::Gate(a) => gate::run(a),
        Cmd::Merge(a) => gate::merge::run(a),
    }
}

fn init_tracing(verbose: u8) {
    use tracing_subscriber::EnvFilter;
    let default = match verbose {
        0 => "warn",
        1 => "info",
        _ => "debug",
    };
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .without_time()
        .try_init();
}
