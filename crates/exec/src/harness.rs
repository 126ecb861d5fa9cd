//! The C file linked with the program: `slam tests`' replay harness
//! (`report::testcomp::HARNESS`: the inputs of a Test-Comp test case, read from the file named
//! by `SLAM_TEST`) and, in the same translation unit, what makes the error observable. Each
//! error the run can reach writes a marker line `@@slam-exec KIND DETAIL` on standard error
//! and ends the process with `_exit` (no `atexit` handler runs after the error):
//!
//! - `reach_error` (97): a call of `reach_error()` / `__VERIFIER_error()`, whatever its body
//!   (gcc's `-finstrument-functions` entry hook sees the program's own definition too);
//! - `assert FUNCTION FILE:LINE: EXPR` (98): glibc's `__assert_fail` (so `assert`), or
//!   `__VERIFIER_assert` / `assert` called without a definition;
//! - `rule MESSAGE` (99): the rule's monitor aborted with the counterexample's message
//!   (`rule-other MESSAGE`: with another one; that object's monitor stops, the run goes on);
//! - `label` (96): the statement with the error label (inserted by [`crate::label`]).

use crate::monitor::{c_string, Monitor};

/// Exit codes of the markers (after the marker line, which is what counts).
pub(crate) const LABEL_EXIT: i32 = 96;

/// The harness's source: the test-case reader, the markers, the stubs of `nondet` inputs
/// (`inputs`: names whose calls return the next input; `zeros`: inputs the harness cannot
/// feed — floats, pointers — which return 0) and the rule's monitor.
pub(crate) fn source(expected: &str, inputs: &[String], zeros: &[String], monitor: Option<&Monitor>) -> String {
    let mut s = String::from(report::testcomp::HARNESS);
    s.push_str(&format!(
        r#"
/* --- slam check --confirm exec: the error made observable --- */
#include <unistd.h>
#include <stdarg.h>
#define SLAM_NI __attribute__((no_instrument_function))
static int slam_quiet; /* the harness's own calls are not the program's events */
static const char slam_expected[] = {expected};
SLAM_NI static int slam_streq(const char *a, const char *b) {{ while (*a && *a == *b) {{ a++; b++; }} return *a == *b; }}
SLAM_NI static void slam_put(const char *s) {{
  const char *e = s;
  while (*e) e++;
  if (e > s) {{ ssize_t w = write(2, s, (size_t)(e - s)); (void)w; }}
}}
SLAM_NI static void slam_mark(const char *kind, const char *detail) {{
  slam_quiet++;
  fflush(stdout);
  slam_put("\n@@slam-exec "); slam_put(kind);
  if (detail) {{ slam_put(" "); slam_put(detail); }}
  slam_put("\n");
  slam_quiet--;
}}
__attribute__((constructor)) SLAM_NI static void slam_start(void) {{ slam_quiet++; slam_load(); slam_quiet--; }}
SLAM_NI __attribute__((weak)) void __assert_fail(const char *a, const char *file, unsigned int line, const char *fn) {{
  char b[512];
  slam_quiet++;
  snprintf(b, sizeof b, "%s %s:%u: %s", fn ? fn : "?", file ? file : "?", line, a ? a : "?");
  slam_mark("assert", b);
  _exit(98);
}}
SLAM_NI __attribute__((weak)) void __VERIFIER_assert(int c) {{ if (!c) {{ slam_mark("assert", "__VERIFIER_assert"); _exit(98); }} }}
SLAM_NI __attribute__((weak)) void assert(int c) {{ if (!c) {{ slam_mark("assert", "assert"); _exit(98); }} }}
SLAM_NI void __slam_label_reached(void) {{ slam_mark("label", 0); _exit({LABEL_EXIT}); }}
"#,
        expected = c_string(expected)
    ));
    for n in inputs {
        s.push_str(&format!("SLAM_NI long long {n}() {{ return (long long)slam_next(); }}\n"));
    }
    for n in zeros {
        s.push_str(&format!("SLAM_NI long long {n}() {{ return 0; }}\n"));
    }
    match monitor {
        Some(m) => s.push_str(&m.code),
        None => s.push_str("SLAM_NI static void slam_rule_enter(void *fn) { (void)fn; }\nSLAM_NI static void slam_rule_exit(void *fn) { (void)fn; }\n"),
    }
    s.push_str(
        r#"SLAM_NI void __cyg_profile_func_enter(void *fn, void *site) {
  (void)site;
  if (fn == (void *)reach_error || fn == (void *)__VERIFIER_error) { slam_mark("reach_error", 0); _exit(97); }
  slam_rule_enter(fn);
}
SLAM_NI void __cyg_profile_func_exit(void *fn, void *site) { (void)site; slam_rule_exit(fn); }
"#,
    );
    s
}

/// The names the harness defines (the probe link's undefined references to them are fine).
pub(crate) fn defines(name: &str) -> bool {
    matches!(
        name,
        "__VERIFIER_nondet_int"
            | "__VERIFIER_nondet_uint"
            | "__VERIFIER_nondet_unsigned"
            | "__VERIFIER_nondet_char"
            | "__VERIFIER_nondet_uchar"
            | "__VERIFIER_nondet_short"
            | "__VERIFIER_nondet_ushort"
            | "__VERIFIER_nondet_long"
            | "__VERIFIER_nondet_ulong"
            | "__VERIFIER_nondet_longlong"
            | "__VERIFIER_nondet_ulonglong"
            | "__VERIFIER_nondet_size_t"
            | "__VERIFIER_nondet_bool"
            | "__VERIFIER_assume"
            | "reach_error"
            | "__VERIFIER_error"
            | "__assert_fail"
            | "__VERIFIER_assert"
            | "assert"
            | "__cyg_profile_func_enter"
            | "__cyg_profile_func_exit"
            | "__slam_label_reached"
    )
}

/// A function whose calls are inputs: `__VERIFIER_nondet_T` and `nondet_T` (as the front end
/// reads them). `Some(true)` when the harness can feed its values (integers).
pub(crate) fn nondet_input(name: &str) -> Option<bool> {
    let suffix = name
        .strip_prefix("__VERIFIER_nondet_")
        .or_else(|| name.strip_prefix("nondet_").filter(|_| !name.contains("__")))?;
    let fed = !["float", "double", "pointer", "ptr", "charp", "string", "struct"].iter().any(|w| suffix.contains(w));
    Some(fed)
}

/// Wrappers of the heap allocators `allocators` (`-Wl,--wrap=`) that fail (return NULL) on
/// the calls `fails` says, in order, and otherwise call the library's. `Err` says why not:
/// the rule's monitor wraps the allocator already, or it is not the library's.
pub(crate) fn fail_schedule(
    prog: &cminus::Program,
    fails: &[bool],
    allocators: &[String],
    wrapped: &[String],
    undefined: &std::collections::HashSet<String>,
) -> Result<String, String> {
    let cannot = |f: &str| format!("whether `{f}` fails");
    let mut s =
        String::from("/* --- allocations that fail on the trace --- */\nstatic const unsigned char slam_fails[] = { ");
    s.push_str(&fails.iter().map(|&b| if b { "1" } else { "0" }).collect::<Vec<_>>().join(", "));
    s.push_str(" };\nstatic unsigned slam_nalloc;\n");
    s.push_str("SLAM_NI static int slam_fail(void) { unsigned i = slam_nalloc++; return i < sizeof slam_fails && slam_fails[i]; }\n");
    for f in allocators {
        let Some(e) = prog.externs.iter().find(|e| &e.name == f) else { return Err(cannot(f)) };
        if wrapped.contains(f) || undefined.contains(f) || e.ty.variadic || !matches!(e.ty.ret, cminus::Type::Ptr(_)) {
            return Err(cannot(f));
        }
        let params: Vec<String> =
            e.ty.params.iter().map(crate::monitor::c_type).collect::<Option<_>>().ok_or_else(|| cannot(f))?;
        let formals: Vec<String> = params.iter().enumerate().map(|(i, p)| format!("{p} a{}", i + 1)).collect();
        let actuals: Vec<String> = (1..=params.len()).map(|i| format!("a{i}")).collect();
        let decl = if params.is_empty() { "void".to_string() } else { params.join(", ") };
        let formal_list = if formals.is_empty() { "void".to_string() } else { formals.join(", ") };
        s.push_str(&format!(
            "extern void *__real_{f}({decl});\nSLAM_NI void *__wrap_{f}({formal_list}) {{ if (!slam_quiet && slam_fail()) return 0; return __real_{f}({}); }}\n",
            actuals.join(", ")
        ));
    }
    Ok(s)
}
