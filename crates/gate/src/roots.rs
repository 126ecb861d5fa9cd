//! The real roots of a whole program: where control enters it from outside.
//!
//! A program's code runs from `main`, and from every function the program hands to its
//! environment: a thread start routine passed to `pthread_create`, a handler passed to
//! `signal`/`atexit`, an event callback passed to `event_set`, a comparator passed to `qsort`.
//! Any function whose address is an argument of a call to an *external* function (declared,
//! not defined in the program) is such a root — also when it gets there through parameters
//! of the program's own functions (`create_worker(worker_libevent, …)` whose parameter goes
//! on to `pthread_create`). A function pointer stored in memory and handed over later is not
//! followed (the report names every root and why; `entries` adds roots by hand).

use cminus::{Expr, Lval, Program, StmtKind};
use std::collections::{BTreeMap, HashMap, HashSet};

/// A root and why it is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Root {
    pub name: String,
    pub reason: String,
}

/// Where a value passed at a call ends up: the external function and the place of the call
/// that hands it over, and the program's functions it went through (innermost last).
#[derive(Clone, Debug)]
struct Sink {
    external: String,
    at: String,
    via: Vec<String>,
}

/// The expression under any casts.
fn strip(e: &Expr) -> &Expr {
    match e {
        Expr::Cast(_, inner) => strip(inner),
        e => e,
    }
}

/// Every function the program hands to its environment, with the reason, sorted by name
/// (`main` is a root anyway and not among them). `elsewhere`: functions defined in units
/// not lowered into `p` (calls of them are no calls of the environment).
pub fn roots(p: &Program, elsewhere: &HashSet<String>) -> Vec<Root> {
    let defined: HashSet<&str> = p.procs.iter().map(|q| q.name.as_str()).collect();
    let external = |f: &str| !defined.contains(f) && !elsewhere.contains(f);
    let file = |f: u32| p.files.get(f as usize).cloned().unwrap_or_default();
    // (procedure, formal index) → where a value passed there ends up
    let mut escapes: HashMap<(String, usize), Sink> = HashMap::new();
    let mut found: BTreeMap<String, String> = BTreeMap::new();
    loop {
        let mut changed = false;
        for q in &p.procs {
            // locals that hold a function address (`fn = worker; pthread_create(…, fn, …)`)
            let mut holds: HashMap<&str, Vec<&str>> = HashMap::new();
            for s in &q.body {
                if let StmtKind::Assign(Lval::Var(v), e) = &s.kind {
                    if let Expr::FuncAddr(f) = strip(e) {
                        holds.entry(v.as_str()).or_default().push(f.as_str());
                    }
                }
            }
            for s in &q.body {
                let StmtKind::Call { callee, args, .. } = &s.kind else { continue };
                for (i, a) in args.iter().enumerate() {
                    let sink = if external(callee) {
                        let at = format!("{}:{}", file(s.loc.file), s.loc.line);
                        Some(Sink { external: callee.clone(), at, via: vec![] })
                    } else {
                        escapes.get(&(callee.clone(), i)).map(|k| {
                            let mut k = k.clone();
                            k.via.insert(0, callee.clone());
                            k
                        })
                    };
                    let Some(sink) = sink else { continue };
                    let funcs: Vec<&str> = match strip(a) {
                        Expr::FuncAddr(f) => vec![f.as_str()],
                        Expr::Lval(Lval::Var(v)) => holds.get(v.as_str()).cloned().unwrap_or_default(),
                        _ => vec![],
                    };
                    for f in funcs {
                        if defined.contains(f) && !found.contains_key(f) {
                            found.insert(f.to_string(), reason(&sink));
                            changed = true;
                        }
                    }
                    if let Expr::Lval(Lval::Var(v)) = strip(a) {
                        if let Some(j) = q.formals.iter().position(|x| &x.name == v) {
                            if let std::collections::hash_map::Entry::Vacant(e) = escapes.entry((q.name.clone(), j)) {
                                e.insert(sink);
                                changed = true;
                            }
                        }
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    found.remove("main");
    found.into_iter().map(|(name, reason)| Root { name, reason }).collect()
}

fn reason(k: &Sink) -> String {
    let what = if k.external == "pthread_create" { "thread start routine" } else { "callback" };
    let via = if k.via.is_empty() { String::new() } else { format!(" (through {})", k.via.join(", ")) };
    format!("{what} passed to {} at {}{via}", k.external, k.at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roots_of(src: &str) -> Vec<(String, String)> {
        let opts = cfront::Options { thread_roots: true, ..Default::default() };
        let p = cfront::lower_str("prog.c", src, &opts).unwrap_or_else(|d| panic!("{d:?}"));
        roots(&p, &HashSet::new()).into_iter().map(|r| (r.name, r.reason)).collect()
    }

    const PTHREAD: &str = "typedef unsigned long pthread_t;\n\
        int pthread_create(pthread_t *t, void *attr, void *(*f)(void *), void *arg);\n\
        void (*signal(int sig, void (*h)(int)))(int);\n\
        int atexit(void (*f)(void));\n";

    #[test]
    fn threads_handlers_and_helpers() {
        let src = format!(
            "{PTHREAD}\
            void *worker(void *a) {{ return a; }}\n\
            void *other(void *a) {{ return 0; }}\n\
            void on_sig(int s) {{ }}\n\
            void bye(void) {{ }}\n\
            void helper(void) {{ }}\n\
            static void spawn(void *(*f)(void *)) {{ pthread_t t; pthread_create(&t, 0, f, 0); }}\n\
            int main(void) {{\n\
              pthread_t t;\n\
              pthread_create(&t, 0, worker, 0);\n\
              spawn(other);\n\
              signal(2, on_sig);\n\
              atexit(&bye);\n\
              helper();\n\
              return 0;\n\
            }}\n"
        );
        let r = roots_of(&src);
        let names: Vec<&str> = r.iter().map(|(n, _)| n.as_str()).collect();
        // atexit handlers are no roots: the front end's model of exit() calls them
        assert_eq!(names, ["on_sig", "other", "worker"]);
        assert_eq!(r[2].1, "thread start routine passed to pthread_create at prog.c:13");
        assert_eq!(r[1].1, "thread start routine passed to pthread_create at prog.c:10 (through spawn)");
        assert_eq!(r[0].1, "callback passed to signal at prog.c:15");
    }

    #[test]
    fn functions_the_program_calls_itself_are_no_roots() {
        // a dispatch table used by the program itself: its functions are reached from main
        let r = roots_of(
            "int a(int x) { return x; }\n\
             int b(int x) { return -x; }\n\
             int apply(int (*f)(int), int v) { return f(v); }\n\
             int main(void) { int (*t[2])(int) = { a, b }; return apply(a, 1) + t[1](2); }\n",
        );
        assert!(r.is_empty(), "{r:?}");
    }
}
