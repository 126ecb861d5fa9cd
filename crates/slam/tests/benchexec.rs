//! The BenchExec tool-info module (`contrib/benchexec/slam.py`) checked with BenchExec itself
//! (`pip install benchexec`; without it the test says that it skipped): its own test script,
//! and BenchExec's `test_tool_info` with a tool directory that holds only the binary, a task
//! definition with a property file, and outputs of real runs (FALSE and UNKNOWN).

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn have_benchexec() -> bool {
    Command::new("python3").args(["-c", "import benchexec.test_tool_info"]).output().is_ok_and(|o| o.status.success())
}

fn run_slam(dir: &Path, args: &[&str], out: &str) -> i32 {
    let o = Command::new(env!("CARGO_BIN_EXE_slam")).args(args).current_dir(dir).output().unwrap();
    std::fs::write(dir.join(out), &o.stdout).unwrap();
    o.status.code().unwrap_or(-1)
}

#[test]
fn tool_info_module_with_benchexec() {
    if !have_benchexec() {
        println!("benchexec is not installed (pip install benchexec): test skipped");
        return;
    }
    // The module's own checks: command lines, results, properties slam does not check.
    let o = Command::new("python3")
        .arg(root().join("contrib/benchexec/test_slam.py"))
        .arg(env!("CARGO_BIN_EXE_slam"))
        .output()
        .unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    assert!(o.status.success() && text.contains("all checks passed"), "{text}");

    // BenchExec's test_tool_info: the module as a package BenchExec loads by its full name.
    let dir = std::env::temp_dir().join(format!("slam-benchexec-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("pkg/slamtool")).unwrap();
    std::fs::write(dir.join("pkg/slamtool/__init__.py"), "").unwrap();
    std::fs::copy(root().join("contrib/benchexec/slam.py"), dir.join("pkg/slamtool/slam.py")).unwrap();
    // A tool directory with only the released binary in it.
    std::fs::create_dir_all(dir.join("release")).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_slam"), dir.join("release/slam")).unwrap();
    std::fs::copy(root().join("corpus/c/svcomp_header.c"), dir.join("svcomp_header.c")).unwrap();
    std::fs::write(dir.join("unreach-call.prp"), "CHECK( init(main()), LTL(G ! call(reach_error())) )\n").unwrap();
    std::fs::write(dir.join("valid-memsafety.prp"), "CHECK( init(main()), LTL(G valid-free) )\n").unwrap();
    std::fs::write(
        dir.join("task.yml"),
        "format_version: '2.0'\ninput_files: 'svcomp_header.c'\nproperties:\n  - property_file: unreach-call.prp\n    \
         expected_verdict: false\noptions:\n  language: C\n  data_model: ILP32\n",
    )
    .unwrap();
    // Outputs of real runs, as BenchExec would start them.
    assert_eq!(
        run_slam(
            &dir,
            &["check", "--format", "svcomp", "--property", "unreach-call.prp", "svcomp_header.c"],
            "false.txt"
        ),
        10
    );
    assert_eq!(
        run_slam(
            &dir,
            &["check", "--format", "svcomp", "--property", "valid-memsafety.prp", "svcomp_header.c"],
            "unknown.txt"
        ),
        5
    );
    // (an input error, exit 2, is `ERROR (input rejected)`: test_slam.py, which sees exit codes)

    let o = Command::new("python3")
        .args(["-m", "benchexec.test_tool_info", "slamtool.slam", "--no-container", "--tool-directory", "release"])
        .args(["--task-definition", "task.yml", "--tool-output", "false.txt", "unknown.txt"])
        .env("PYTHONPATH", dir.join("pkg"))
        .current_dir(&dir)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{out}");
    let want = [
        "Name of tool: “slam”",
        "Executable: “release/slam”",
        // the property file of the task definition is passed, ILP32 from its options, and the
        // unreach-call as SV-COMP labels it (no path through undefined arithmetic)
        "“['release/slam', 'check', '--format', 'svcomp', '--property', 'unreach-call.prp', '--ilp32', '--undefined', 'assume-none', 'svcomp_header.c']”",
        "Result of analyzing tool output in “false.txt”:\n\t“false(unreach-call)”",
        "Result of analyzing tool output in “unknown.txt”:\n\t“unknown”",
    ];
    for w in want {
        assert!(out.contains(w), "missing {w:?} in\n{out}");
    }
    assert!(!out.contains("WARNING") && !out.contains("Traceback"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
