//! The C file linked with the program: `slam tests`' replay harness
//! (`report::testcomp::HARNESS`: the inputs of a Test-Comp test case, read from the file named
//! by `SLAM_TEST`) and, in the same translation unit, what makes the error observable. Each
//! error the run can reach writes a marker line `@@slam-exec KIND DETAIL` on standard error
//! and ends the process with `_exit` (no `atexit` handler runs after the error):
//!
//! - `reach_error ADDRESS` (97): a call of `reach_error()` / `__VERIFIER_error()`, whatever its
//!   body (gcc's `-finstrument-functions` entry hook sees the program's own definition too),
//!   with the call's return address (`addr2line` gives its line);
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
        // (a floating input is returned in a floating register: its type matters)
        s.push_str(&match floating_input(n) {
            Some(t) => format!("SLAM_NI {t} {n}() {{ return ({t})slam_next_double(); }}\n"),
            None => format!("SLAM_NI long long {n}() {{ return (long long)slam_next(); }}\n"),
        });
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
  if (fn == (void *)reach_error || fn == (void *)__VERIFIER_error) {
    char b[32];
    slam_quiet++;
    snprintf(b, sizeof b, "%p", site);
    slam_mark("reach_error", b);
    _exit(97);
  }
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
            | "__VERIFIER_nondet_float"
            | "__VERIFIER_nondet_double"
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
    let fed = floating_input(name).is_some()
        || !["float", "double", "pointer", "ptr", "charp", "string", "struct"].iter().any(|w| suffix.contains(w));
    Some(fed)
}

/// The C type of an input function that returns a `float` or `double` (`nondet_float`), by
/// its name as the front end reads it (`long double` is not fed).
pub(crate) fn floating_input(name: &str) -> Option<&'static str> {
    let suffix = name.strip_prefix("__VERIFIER_nondet_").or_else(|| name.strip_prefix("nondet_"))?;
    match suffix {
        "float" => Some("float"),
        "double" => Some("double"),
        _ => None,
    }
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
        // realloc(p, 0) with p not NULL frees p: no allocation in slam's model (cfront)
        let frees =
            if f == "realloc" && params.len() == 2 { "if (a1 && !a2) return __real_realloc(a1, a2); " } else { "" };
        s.push_str(&format!(
            "extern void *__real_{f}({decl});\nSLAM_NI void *__wrap_{f}({formal_list}) {{ {frees}if (!slam_quiet && slam_fail()) return 0; return __real_{f}({}); }}\n",
            actuals.join(", ")
        ));
    }
    Ok(s)
}

/// The input functions of the C library whose calls are inputs, as slam models them: the
/// result, then each scalar written through the arguments (`x := nondet` after the call).
pub(crate) const INPUT_FUNCTIONS: [&str; 2] = ["scanf", "fscanf"];

/// Definitions of `scanf`/`fscanf` (and glibc's `__isoc99_` names the headers redirect to)
/// that return the trace's values: the result, then one value per conversion that writes a
/// scalar (`%d`, `%c`, `%lu`, …, by its length modifier), as slam's model asks for them;
/// strings and floats are not written (slam's model does not give them values either).
pub(crate) fn input_functions(names: &[String]) -> String {
    let mut s = String::from(
        r#"/* --- input functions: the trace's values --- */
SLAM_NI static int slam_vscan(const char *fmt, va_list ap) {
  int r = (int)slam_next();
  for (const char *p = fmt; *p; p++) {
    if (*p != '%') continue;
    p++;
    if (*p == '%') continue;
    int skip = 0, len = 0; /* 0 int, 1 char (hh), 2 short, 3 long, 4 long long, 5 size_t */
    if (*p == '*') { skip = 1; p++; }
    while (*p >= '0' && *p <= '9') p++;
    for (;; p++) {
      if (*p == 'h') len = len == 2 ? 1 : 2;
      else if (*p == 'l') len = len == 3 ? 4 : 3;
      else if (*p == 'L' || *p == 'q' || *p == 'j') len = 4;
      else if (*p == 'z' || *p == 't') len = 5;
      else break;
    }
    if (!*p) break;
    if (skip) continue;
    char conv = *p;
    if (conv == '[') { while (*p && *p != ']') p++; if (!*p) break; }
    void *dst = va_arg(ap, void *);
    if (conv == 'c') { *(char *)dst = (char)slam_next(); continue; }
    if (conv == 's' || conv == '[' || conv == 'e' || conv == 'f' || conv == 'g' || conv == 'a' || conv == 'E' || conv == 'G' || conv == 'p') continue;
    unsigned long long v = slam_next();
    switch (len) {
      case 1: *(char *)dst = (char)v; break;
      case 2: *(short *)dst = (short)v; break;
      case 3: *(long *)dst = (long)v; break;
      case 4: *(long long *)dst = (long long)v; break;
      case 5: *(unsigned long *)dst = (unsigned long)v; break;
      default: *(int *)dst = (int)v;
    }
  }
  return r;
}
"#,
    );
    // Defined under their symbol names (asm labels): stdio.h renames `scanf` itself.
    let def = |sym: &str, file: bool| {
        let (params, pre) =
            if file { ("FILE *f, const char *fmt, ...", "(void)f; ") } else { ("const char *fmt, ...", "") };
        let c = sym.replace("__", "_");
        format!(
            "SLAM_NI int slam_in{c}({params}) __asm__(\"{sym}\");\n\
             SLAM_NI int slam_in{c}({params}) {{ va_list ap; int r; {pre}va_start(ap, fmt); r = slam_vscan(fmt, ap); va_end(ap); return r; }}\n"
        )
    };
    for n in names {
        match n.as_str() {
            "scanf" => {
                s.push_str(&def("scanf", false));
                s.push_str(&def("__isoc99_scanf", false));
            }
            "fscanf" => {
                s.push_str(&def("fscanf", true));
                s.push_str(&def("__isoc99_fscanf", true));
            }
            _ => {}
        }
    }
    s
}

/// The size of the buffer a pointer parameter of the entry points to.
pub(crate) const PARAM_BUFFER_BYTES: u64 = 8192 * 8;

/// The size of the buffer of an object the entry's caller built ([`crate::inputs::Holder`]).
pub(crate) const OUTSIDE_BUFFER_BYTES: u64 = 4096 * 8;

/// A `main` that calls the check's entry: integer parameters get the trace's values (`args`:
/// index, value), pointer parameters a buffer each, zero but for the bytes the trace read
/// from the object (`feed.param_bytes`: (parameter, offset) → byte), and the objects the
/// trace reached through pointers stored there a buffer each, filled the same way
/// (`feed.outside_ptrs`, `feed.outside_bytes`). `Err` for other parameter types.
pub(crate) fn entry_main(
    prog: &cminus::Program,
    args: &[(usize, i128)],
    feed: &crate::inputs::Feed,
) -> Result<String, String> {
    use crate::inputs::Holder;
    let bytes = &feed.param_bytes;
    let e = &prog.entry;
    let p = prog.proc(e).ok_or_else(|| format!("the entry `{e}` has no body"))?;
    let mut decls = vec![];
    let mut actuals = vec![];
    // the objects are the heap's (a caller's object the entry frees), allocated by a function
    // the program and the rule's monitor do not wrap, zero-filled
    let mut bufs = String::from(
        "SLAM_NI static long long *slam_object(unsigned long n) {\n  void *p = 0;\n  \
         if (posix_memalign(&p, 16, n)) _exit(94);\n  memset(p, 0, n);\n  return (long long *)p;\n}\n",
    );
    let mut alloc = String::new();
    for (i, v) in p.formals.iter().enumerate() {
        let t = crate::monitor::c_type(&v.ty)
            .filter(|_| !matches!(v.ty, cminus::Type::Float { .. }))
            .ok_or_else(|| format!("the entry `{e}` takes a {} parameter", cminus::print::type_str(&v.ty)))?;
        if matches!(v.ty, cminus::Type::Ptr(_)) {
            bufs.push_str(&format!("static long long *slam_arg{i};\n"));
            alloc.push_str(&format!(" slam_arg{i} = slam_object({PARAM_BUFFER_BYTES});"));
            actuals.push(format!("(void *)slam_arg{i}"));
        } else {
            let x = args.iter().find(|(k, _)| *k == i).map(|(_, x)| cminus::interp::wrap(*x, &v.ty)).unwrap_or(0);
            let suffix = if x > i64::MAX as i128 { "ULL" } else { "LL" };
            actuals.push(format!("({t})({x}{suffix})"));
        }
        decls.push(t);
    }
    let ret = crate::monitor::c_type(&p.ret).unwrap_or_else(|| "void".into());
    let mut fill = String::new();
    for (&(i, off), &b) in bytes.iter().filter(|(_, &b)| b != 0) {
        fill.push_str(&format!(" ((unsigned char *)slam_arg{i})[{off}] = {b};"));
    }
    let objects: std::collections::BTreeSet<usize> = feed
        .outside_ptrs
        .iter()
        .flat_map(|(&(h, _), &s)| [Some(s), if let Holder::Outside(o) = h { Some(o) } else { None }])
        .flatten()
        .chain(feed.outside_bytes.keys().map(|&(s, _)| s))
        .collect();
    for s in &objects {
        bufs.push_str(&format!("static long long *slam_obj{s};\n"));
        alloc.push_str(&format!(" slam_obj{s} = slam_object({OUTSIDE_BUFFER_BYTES});"));
    }
    for (&(s, off), &b) in feed.outside_bytes.iter().filter(|(_, &b)| b != 0) {
        fill.push_str(&format!(" ((unsigned char *)slam_obj{s})[{off}] = {b};"));
    }
    for (&(h, off), &s) in &feed.outside_ptrs {
        let holder = match h {
            Holder::Param(i) => format!("slam_arg{i}"),
            Holder::Outside(o) => format!("slam_obj{o}"),
        };
        fill.push_str(&format!(" *(void **)((unsigned char *){holder} + {off}) = (void *)slam_obj{s};"));
    }
    Ok(format!(
        "/* --- the check's entry, called by main --- */\n{bufs}extern {ret} {e}({});\nint main(void) {{ slam_quiet++;{alloc}{fill} slam_quiet--; {e}({}); return 0; }}\n",
        if decls.is_empty() { "void".to_string() } else { decls.join(", ") },
        actuals.join(", ")
    ))
}

/// Definitions of the C library functions with out-parameters that slam models and feeds
/// (`cminus::outparams`, [`lib_model`]), under their symbol names, for `names`: each returns
/// the trace's values and writes them where slam's model writes, in the order the model asks
/// for them.
pub(crate) fn lib_models(prog: &cminus::Program, names: &[String]) -> String {
    let mut s = String::from(
        "/* --- library functions with out-parameters: the trace's values --- */\n\
         SLAM_NI static void slam_store(void *p, unsigned long off, unsigned n, unsigned long long v) {\n  \
         unsigned char *d = (unsigned char *)p + off;\n  \
         for (unsigned k = 0; k < n; k++) d[k] = (unsigned char)(v >> (8 * k));\n}\n\
         SLAM_NI static void slam_model_broken(const char *f) { slam_mark(\"model\", f); _exit(95); }\n",
    );
    for n in names {
        if let Some(code) = lib_model(prog, n) {
            s.push_str(&code);
        }
    }
    s
}

/// The definition of the modelled library function `name` (see [`lib_models`]): the result
/// first, then — on success (0 where the result is 0 or -1) — each scalar of the written
/// object (`Object`: its bytes at gcc's offsets, when the pointer is not NULL), the
/// descriptors (`Fds`), or the result itself (`Result`, when the pointer is not NULL). `None`
/// when the function is not fed or the program's prototype does not have the model's shape
/// (then the library's own function runs).
pub(crate) fn lib_model(prog: &cminus::Program, name: &str) -> Option<String> {
    use cminus::outparams::{Out, Range};
    let e = prog.externs.iter().find(|e| e.name == name)?;
    let m = cminus::outparams::applies(prog, name, &e.ty).filter(|m| m.fed)?;
    let rt = crate::monitor::c_type(&e.ty.ret)?;
    let params: Vec<String> = e.ty.params.iter().map(crate::monitor::c_type).collect::<Option<_>>()?;
    let formals: Vec<String> = params.iter().enumerate().map(|(i, p)| format!("{p} a{i}")).collect();
    let formals = if formals.is_empty() { "void".to_string() } else { formals.join(", ") };
    let success = match m.result {
        Range::ZeroOrMinusOne => "r == 0",
        Range::AtLeastMinusOne | Range::Any => "1",
    };
    // A value outside slam's model (the trace's values misaligned: a call the model did not
    // see, through a function pointer) ends the run without the error: never a behaviour
    // the real function does not have.
    let broken = format!("slam_model_broken(\"{name}\");");
    let check_result = match m.result {
        Range::ZeroOrMinusOne => format!("if (r != 0 && r != -1) {broken} "),
        Range::AtLeastMinusOne => format!("if (r < -1) {broken} "),
        Range::Any => String::new(),
    };
    let body = match m.out {
        Out::Object { arg } => {
            let t = e.ty.params.get(arg)?.pointee()?;
            let mut b = format!("if ({success} && a{arg}) {{");
            for leaf in cminus::outparams::leaves(prog, t)? {
                let size = cminus::layout::size_of(prog, &leaf.ty)?;
                b.push_str(" { unsigned long long v = slam_next();");
                if let Some((lo, hi)) = cminus::outparams::bounds(&leaf) {
                    let ct = crate::monitor::c_type(&leaf.ty)?;
                    let hi = hi.map(|h| format!(" || ({ct})v > {h}LL")).unwrap_or_default();
                    b.push_str(&format!(" if (({ct})v < {lo}LL{hi}) {broken}"));
                }
                b.push_str(&format!(" slam_store((void *)a{arg}, {}, {size}, v); }}", leaf.offset));
            }
            b.push_str(" }");
            b
        }
        Out::Fds { arg, n } => {
            let mut b = format!("if ({success}) {{");
            for i in 0..n {
                b.push_str(&format!(" ((int *)a{arg})[{i}] = (int)slam_next();"));
            }
            for i in 0..n {
                b.push_str(&format!(" if (((int *)a{arg})[{i}] < 0) {broken}"));
                for j in 0..i {
                    b.push_str(&format!(" if (((int *)a{arg})[{i}] == ((int *)a{arg})[{j}]) {broken}"));
                }
            }
            b.push_str(" }");
            b
        }
        Out::Result { arg } => format!("if (a{arg}) *({rt} *)a{arg} = r;"),
        Out::EndPointer { .. } | Out::Unknown => return None,
    };
    Some(format!(
        "SLAM_NI {rt} slam_lib_{name}({formals}) __asm__(\"{name}\");\n\
         SLAM_NI {rt} slam_lib_{name}({formals}) {{ {rt} r = ({rt})slam_next(); {check_result}{body} return r; }}\n"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lower(src: &str) -> cminus::Program {
        cfront::lower_str("t.c", src, &cfront::Options::default()).unwrap_or_else(|d| panic!("{d:?}"))
    }

    #[test]
    fn the_stand_ins_write_where_the_model_writes_and_check_the_model() {
        let p = lower(
            "#include <sys/stat.h>
#include <unistd.h>
#include <stdlib.h>
#include <time.h>
int main(void) { struct stat st; int fds[2]; char *end; time_t t;
  fstat(0, &st); pipe(fds); strtol(\"1\", &end, 10); time(&t); return (int)st.st_size; }",
        );
        let f = lib_model(&p, "fstat").expect("fstat is fed");
        assert!(f.contains("__asm__(\"fstat\")"), "{f}");
        assert!(f.contains("if (r != 0 && r != -1) slam_model_broken(\"fstat\");"), "{f}");
        // st_size: 8 bytes at gcc's offset 48 on x86-64, not negative
        assert!(f.contains("slam_store((void *)a1, 48, 8, v);"), "{f}");
        assert!(f.contains("if ((long long)v < 0LL) slam_model_broken(\"fstat\");"), "{f}");
        let stores = f.matches("slam_store(").count();
        let leaves = cminus::outparams::leaves(&p, &cminus::Type::Struct("stat".into())).unwrap().len();
        assert_eq!(stores, leaves, "{f}");
        let q = lib_model(&p, "pipe").expect("pipe is fed");
        assert!(q.contains("((int *)a0)[1] = (int)slam_next();"), "{q}");
        assert!(q.contains("== ((int *)a0)[0]) slam_model_broken"), "{q}");
        let t = lib_model(&p, "time").expect("time is fed");
        assert!(t.contains("if (a0) *(long long *)a0 = r;"), "{t}");
        // the library computes strtol's end itself: no stand-in
        assert!(lib_model(&p, "strtol").is_none());
        let all = lib_models(&p, &["fstat".into(), "pipe".into()]);
        assert!(all.contains("slam_store(void *p") && all.contains("slam_lib_pipe"), "{all}");
    }
}
