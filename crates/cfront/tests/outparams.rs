//! C library functions with documented out-parameters (`cminus::outparams`, docs/cminus.md
//! "Library functions with out-parameters"): the lowering writes exactly the documented
//! object, with values of its type, on success, and holds the result to its range.

mod common;

use cminus::{Program, StmtKind};
use common::{lower, lower_with, text};

/// The lvalues written by `__slam_out_*_f` calls in `proc`, printed, in order.
fn outputs(p: &Program, proc: &str, f: &str) -> Vec<String> {
    p.proc(proc)
        .expect("proc")
        .body
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Call { ret: Some(r), callee, .. } if cminus::names::lib_output_of(callee) == Some(f) => {
                Some(cminus::print::print_lval(r))
            }
            _ => None,
        })
        .collect()
}

fn unknown_writes(p: &Program, proc: &str) -> usize {
    p.proc(proc)
        .expect("proc")
        .body
        .iter()
        .filter(|s| matches!(&s.kind, StmtKind::Call { callee, .. } if cminus::names::is_unknown_write(callee)))
        .count()
}

#[test]
fn fstat_writes_every_scalar_of_the_struct_stat_on_success() {
    let src = "#include <sys/stat.h>
int main(void) { struct stat st; int other = 1; int r = fstat(0, &st); if (r == 0 && st.st_size > 100) return 1; return other; }";
    for ilp32 in [false, true] {
        let opts = cfront::Options {
            data_model: if ilp32 { cminus::DataModel::Ilp32 } else { cminus::DataModel::Lp64 },
            ..Default::default()
        };
        let p = lower_with(src, &opts);
        let t = text(&p, "main");
        let w = outputs(&p, "main", "fstat");
        // every scalar of `st`, each once, and nothing else
        let leaves = cminus::outparams::leaves(&p, &cminus::Type::Struct("stat".into())).expect("leaves");
        assert_eq!(w.len(), leaves.len(), "{t}");
        assert!(w.iter().all(|l| l.starts_with("st.")), "{w:?}");
        assert!(w.contains(&"st.st_size".to_string()) && w.contains(&"st.st_mtim.tv_nsec".to_string()), "{w:?}");
        let mut sorted = w.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), w.len(), "{w:?}");
        // the result is 0 or -1, and the writes happen on 0
        assert!(t.contains("assume(__t0 == 0 || __t0 == -1);"), "{t}");
        assert!(t.contains("assume(__t0 == 0);\n  st.st_dev := __slam_out_"), "{t}");
        // documented ranges
        assert!(t.contains("st.st_size >= "), "{t}");
        assert!(t.contains("st.st_atim.tv_nsec <= "), "{t}");
        // the old unknown write is gone
        assert_eq!(unknown_writes(&p, "main"), 0, "{t}");
    }
}

#[test]
fn stat_through_a_pointer_is_guarded_by_the_pointer_not_being_null() {
    let p = lower(
        "#include <sys/stat.h>
long f(const char *path, struct stat *sp) { if (stat(path, sp) != 0) return -1; return sp->st_size; }
int main(void) { struct stat s; return (int)f(\"x\", &s); }",
    );
    let t = text(&p, "f");
    assert!(t.contains("!= (struct stat *)0"), "{t}");
    let w = outputs(&p, "f", "stat");
    assert!(w.iter().all(|l| l.starts_with("__t") && l.contains("->")), "{w:?}");
    assert!(w.iter().any(|l| l.ends_with("->st_size")), "{w:?}");
}

#[test]
fn pipe_and_socketpair_write_two_distinct_descriptors() {
    let p = lower(
        "#include <unistd.h>
#include <sys/socket.h>
int main(void) { int fds[2]; int sv[2]; int x = 7; if (pipe(fds)) return 1; if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0) return 1; return fds[0] + sv[1] + x; }",
    );
    let t = text(&p, "main");
    let w = outputs(&p, "main", "pipe");
    assert_eq!(w.len(), 2, "{t}");
    assert_eq!(outputs(&p, "main", "socketpair").len(), 2, "{t}");
    // not negative, different
    assert!(t.contains(">= 0 &&") && t.contains(" != "), "{t}");
    assert!(t.contains("__slam_out_i32_pipe()"), "{t}");
    assert_eq!(unknown_writes(&p, "main"), 0, "{t}");
}

#[test]
fn time_stores_its_result_and_the_clocks_their_struct() {
    let p = lower(
        "#include <time.h>
#include <sys/time.h>
int main(void) { time_t t; struct timeval tv; struct timespec ts; time(&t); time(0);
  gettimeofday(&tv, 0); clock_gettime(CLOCK_MONOTONIC, &ts); return (int)(t + tv.tv_usec + ts.tv_nsec); }",
    );
    let t = text(&p, "main");
    // time(&t): t gets the result (a value of the call, no other choice)
    assert!(outputs(&p, "main", "time").is_empty(), "{t}");
    assert!(t.contains("t := __t"), "{t}");
    assert_eq!(outputs(&p, "main", "gettimeofday"), vec!["tv.tv_sec", "tv.tv_usec"], "{t}");
    assert_eq!(outputs(&p, "main", "clock_gettime"), vec!["ts.tv_sec", "ts.tv_nsec"], "{t}");
    assert!(t.contains("ts.tv_nsec <= (long)999999999"), "{t}");
    assert!(t.contains("tv.tv_usec <= (long)999999"), "{t}");
}

#[test]
fn strtol_points_its_end_into_the_string_at_an_unknown_offset() {
    let p = lower(
        "#include <stdlib.h>
int main(void) { const char *s = \"12x\"; char *end; long v = strtol(s, &end, 10); double d = strtod(s, 0); return (int)v + (end == s) + (int)d; }",
    );
    let t = text(&p, "main");
    // an unknown offset (the interpreter's 0), not negative, from the string; strtod's NULL
    // end pointer is not written
    assert_eq!(unknown_writes(&p, "main"), 1, "{t}");
    assert!(t.contains("end := (char *)s + __t"), "{t}");
    assert!(t.contains("__slam_written_i64((long)0)"), "{t}");
}

#[test]
fn getline_keeps_the_unknown_write_and_returns_at_least_minus_one() {
    let p = lower(
        "#include <stdio.h>
int main(void) { char *line = 0; size_t n = 0; ssize_t k = getline(&line, &n, stdin); return (int)k + (int)n; }",
    );
    let t = text(&p, "main");
    assert!(t.contains(">= (long)-1);"), "{t}");
    // `n` is written as by any function without a model; the buffer pointer is not
    assert!(t.contains("n := __slam_written_u64(n)"), "{t}");
    assert!(!t.contains("line := __slam"), "{t}");
}

#[test]
fn a_program_that_defines_the_function_keeps_its_own() {
    let p = lower(
        "struct stat { long st_size; };
int fstat(int fd, struct stat *s) { s->st_size = fd; return 0; }
int main(void) { struct stat st; fstat(3, &st); return (int)st.st_size; }",
    );
    assert!(outputs(&p, "main", "fstat").is_empty(), "{}", text(&p, "main"));
}

#[test]
fn a_prototype_of_another_shape_keeps_the_unknown_write() {
    // pipe declared with a struct: not the model's shape
    let p = lower(
        "struct two { int a, b; };
int pipe(struct two *p);
int main(void) { struct two t; if (pipe(&t) == 0) return t.a; return 0; }",
    );
    let t = text(&p, "main");
    assert!(outputs(&p, "main", "pipe").is_empty(), "{t}");
    assert_eq!(unknown_writes(&p, "main"), 2, "{t}");
}

#[test]
fn lib_output_names_round_trip() {
    for t in [cminus::Type::INT, cminus::Type::Bool, cminus::Type::Int { bits: 64, signed: false }] {
        let n = cminus::names::lib_output("clock_gettime", &t);
        assert_eq!(cminus::names::lib_output_of(&n), Some("clock_gettime"), "{n}");
        assert!(!cminus::names::is_unknown_write(&n) && !cminus::names::is_clobbered(&n));
    }
    assert_eq!(cminus::names::lib_output_of("__slam_out_x_f"), None);
    assert_eq!(cminus::names::lib_output_of("__slam_written_i32"), None);
}

/// `errno` is one `int` object; each call of a library function (no body) is followed by a
/// write of a value the library chose; a function of the program and slam's inputs write
/// nothing; a program that never uses `errno` gets no writes at all.
#[test]
fn errno_is_written_after_each_library_call_only() {
    let src = "#include <errno.h>
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
static int mine(int x) { return x + 1; }
int main(void) { errno = 0; int a = __VERIFIER_nondet_int(); long v = strtol(\"12\", 0, 10); a = mine(a);
  if (errno == ERANGE) return 1; return (int)v + a; }";
    let p = lower(src);
    assert_eq!(outputs(&p, "main", "errno"), vec![cminus::names::ERRNO.to_string()], "{}", text(&p, "main"));
    let body = &p.proc("main").unwrap().body;
    let at = body
        .iter()
        .position(|s| matches!(&s.kind, StmtKind::Call { callee, .. } if callee == "strtol"))
        .expect("the strtol call");
    assert!(
        matches!(&body[at + 1].kind, StmtKind::Call { callee, .. } if cminus::names::lib_output_of(callee) == Some("errno")),
        "{}",
        text(&p, "main")
    );
    // no errno: nothing written
    let p = lower("#include <stdlib.h>\nint main(void) { return (int)strtol(\"1\", 0, 10); }");
    assert!(outputs(&p, "main", "errno").is_empty(), "{}", text(&p, "main"));
    assert!(p.globals.iter().all(|g| g.name != cminus::names::ERRNO));
}
